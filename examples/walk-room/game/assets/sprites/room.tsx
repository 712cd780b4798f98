<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by internal/genart (go generate in package game): do not edit. -->
<tileset version="1.10" tiledversion="1.10.2" name="room" tilewidth="200" tileheight="150" tilecount="22" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="0" y="0" width="200" height="120">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="1" class="bed" x="201" y="0" width="96" height="150">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="2" class="sofa" x="298" y="0" width="160" height="44">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="3" class="bookshelf" x="0" y="151" width="160" height="28">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="4" class="desk" x="161" y="151" width="128" height="56">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="5" class="table" x="290" y="151" width="96" height="48">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="6" x="387" y="151" width="32" height="32">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="7" x="420" y="151" width="16" height="16">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="tags" value="solid"/>
  </properties>
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="8" x="437" y="151" width="16" height="40">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="9" class="chair" x="454" y="151" width="20" height="20">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="10" class="coin" x="475" y="151" width="12" height="12">
  <image source="room.png" width="512" height="336"/>
  <animation>
   <frame tileid="10" duration="125"/>
   <frame tileid="11" duration="125"/>
   <frame tileid="12" duration="125"/>
   <frame tileid="13" duration="125"/>
  </animation>
 </tile>
 <tile id="11" x="488" y="151" width="12" height="12">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="12" x="0" y="208" width="12" height="12">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="13" x="13" y="208" width="12" height="12">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="14" class="gem" x="26" y="208" width="14" height="14">
  <image source="room.png" width="512" height="336"/>
  <animation>
   <frame tileid="14" duration="250"/>
   <frame tileid="14" duration="250"/>
   <frame tileid="14" duration="250"/>
   <frame tileid="15" duration="250"/>
  </animation>
 </tile>
 <tile id="15" x="41" y="208" width="14" height="14">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="16" x="56" y="208" width="64" height="64">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="17" x="121" y="208" width="64" height="64">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="18" class="plant" x="186" y="208" width="16" height="16">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="19" class="plant-blue" x="203" y="208" width="16" height="16">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="20" class="plant-red" x="220" y="208" width="16" height="16">
  <image source="room.png" width="512" height="336"/>
 </tile>
 <tile id="21" x="237" y="208" width="128" height="128">
  <image source="room.png" width="512" height="336"/>
 </tile>
</tileset>
