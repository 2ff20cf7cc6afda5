<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="chessboard_marks" tilewidth="128" tileheight="128" tilecount="3" columns="3">
 <image source="chessboard_marks.png" width="384" height="128"/>
 <tile id="0">
  <properties>
   <property name="marker" value="home_bottom"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="marker" value="home_top"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="marker" value="centre"/>
  </properties>
 </tile>
</tileset>
