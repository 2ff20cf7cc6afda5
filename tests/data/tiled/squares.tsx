<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="squares" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <image source="squares.png" width="256" height="64"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="hazard"/>
  </properties>
 </tile>
</tileset>
