<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="supers_marks" tilewidth="64" tileheight="64" tilecount="4" columns="4">
 <image source="supers_marks.png" width="256" height="64"/>
 <tile id="0">
  <properties>
   <property name="marker" value="spawn_1"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="marker" value="spawn_2"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="marker" value="spawn_3"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="marker" value="spawn_4"/>
  </properties>
 </tile>
</tileset>
