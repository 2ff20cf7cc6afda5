<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="chessboard" tilewidth="128" tileheight="128" tilecount="12" columns="4">
 <image source="chessboard.png" width="512" height="384"/>
 <tile id="0">
  <properties>
   <property name="name" value="light"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="dark"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="field_light"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="field_dark"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="rocks_light"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="rocks_dark"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="ruined_wall_light"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="name" value="ruined_wall_dark"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="name" value="trees_light"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="name" value="trees_dark"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="water"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="name" value="ford"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
</tileset>
