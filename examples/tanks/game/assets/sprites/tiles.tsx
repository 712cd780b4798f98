<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by internal/genart (go generate in package game): do not edit. -->
<tileset version="1.10" tiledversion="1.10.2" name="tiles" tilewidth="32" tileheight="32" tilecount="8" columns="8">
 <image source="tiles.png" width="256" height="32"/>
 <tile id="3">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="tags" value="solid"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="tags" value="water"/>
  </properties>
  <animation>
   <frame tileid="4" duration="500"/>
   <frame tileid="5" duration="500"/>
  </animation>
 </tile>
 <tile id="6">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="tags" value="solid"/>
  </properties>
 </tile>
</tileset>
