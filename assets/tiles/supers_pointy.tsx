<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="supers_pointy" tilewidth="112" tileheight="128" tilecount="4" columns="4">
 <image source="supers_pointy.png" width="448" height="128"/>
 <tile id="0">
  <properties>
   <property name="name" value="pit"/>
   <property name="terrain" value="hazard"/>
   <property name="hazard" value="pit"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="fire"/>
   <property name="terrain" value="hazard"/>
   <property name="hazard" value="fire"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="plate"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="bulkhead"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
</tileset>
