<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="supers_square" tilewidth="128" tileheight="128" tilecount="6" columns="6">
 <image source="supers_square.png" width="768" height="128"/>
 <tile id="0">
  <properties>
   <property name="name" value="plate_light"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="plate_dark"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="wall"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="bulkhead"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="pit"/>
   <property name="terrain" value="hazard"/>
   <property name="hazard" value="pit"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="fire"/>
   <property name="terrain" value="hazard"/>
   <property name="hazard" value="fire"/>
  </properties>
 </tile>
</tileset>
