<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="arena_pointy" tilewidth="112" tileheight="128" tilecount="24" columns="6">
 <image source="arena_pointy.png" width="672" height="512"/>
 <tile id="0">
  <properties>
   <property name="name" value="sand_a"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="sand_b"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="sand_c"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="name" value="sand_footprints"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="name" value="sand_stain"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="name" value="sand_raked"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="stone_a"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="name" value="stone_b"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="name" value="stone_cracked"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="name" value="stone_mosaic"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="grate"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="name" value="sand_scattered"/>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="name" value="wall"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="name" value="pillar"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="name" value="cart"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="name" value="barrel"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="name" value="rock"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="name" value="statue"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="name" value="brazier"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="name" value="gate"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="name" value="broken_wall"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="name" value="rubble"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="name" value="crates"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="name" value="weapon_rack"/>
   <property name="terrain" value="blocked"/>
  </properties>
 </tile>
</tileset>
