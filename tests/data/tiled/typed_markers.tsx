<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="typed_markers" tilewidth="64" tileheight="64" tilecount="3" columns="3">
 <image source="markers.png" width="192" height="64"/>
 <tile id="0" type="spawn"/>
 <tile id="1" type="loot"/>
 <tile id="2" type="beast"/>
</tileset>
