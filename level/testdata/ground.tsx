<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="ground" tilewidth="8" tileheight="8" tilecount="8" columns="4">
 <properties>
  <property name="biome" value="meadow"/>
 </properties>
 <image source="tiles.png" width="32" height="16"/>
 <tile id="1">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="tags" value="solid"/>
  </properties>
 </tile>
 <tile id="2">
  <animation>
   <frame tileid="2" duration="100"/>
   <frame tileid="6" duration="300"/>
  </animation>
 </tile>
 <tile id="3" class="coin">
  <properties>
   <property name="Item.radius" type="float" value="3"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tags" value="solid"/>
  </properties>
  <objectgroup draworder="index" id="2">
   <object id="1" x="0" y="4" width="8" height="4"/>
  </objectgroup>
 </tile>
 <tile id="6">
  <properties>
   <property name="collides" type="bool" value="true"/>
   <property name="trigger" type="bool" value="true"/>
   <property name="tags" value="door"/>
  </properties>
 </tile>
</tileset>
