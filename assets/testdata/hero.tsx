<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="hero" tilewidth="16" tileheight="16" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="0" y="0" width="16" height="16">
  <image source="hero.png" width="48" height="16"/>
 </tile>
 <tile id="2" x="16" y="0" width="16" height="16">
  <image source="hero.png" width="48" height="16"/>
 </tile>
 <tile id="5" x="32" y="0" width="16" height="16">
  <image source="hero.png" width="48" height="16"/>
  <animation>
   <frame tileid="5" duration="250"/>
   <frame tileid="0" duration="250"/>
  </animation>
 </tile>
</tileset>
