<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>LightsOutView</name>
    <message>
        <source>Lights on: %1</source>
        <translation>点いている明かり: %1</translation>
    </message>
    <message>
        <source>Switch every light off.</source>
        <translation>すべての明かりを消してください。</translation>
    </message>
    <message>
        <source>Switch every light off; the edges wrap around.</source>
        <translation>すべての明かりを消してください。端は反対側につながっています。</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <source>Press {cell}</source>
        <translation>{cell} を押す</translation>
    </message>
    <message>
        <source>Wrapping edges</source>
        <translation>端がつながる</translation>
    </message>
    <message>
        <source>the cells of opposite edges are neighbours</source>
        <translation>反対側の端のマスどうしが隣り合います</translation>
    </message>
    <message>
        <source>lights out: a position is a number of 25 bits, one a light</source>
        <translation>ライツアウト: 局面は 25 ビットの数で、1 ビットが明かり 1 つです</translation>
    </message>
    <message>
        <source>lights out: these lights cannot all be switched off</source>
        <translation>ライツアウト: この明かりはすべて消すことができません</translation>
    </message>
    <message>
        <source>lights out: there is no cell {cell}</source>
        <translation>ライツアウト: マス {cell} はありません</translation>
    </message>
    <message>
        <source>lights out: moves are cells a1 to e5</source>
        <translation>ライツアウト: 手は a1 から e5 のマスです</translation>
    </message>
</context>
<context>
    <name>Rules</name>
    <message>
        <source>Pressing a light switches it and its four neighbours on or off. Switch every light off.</source>
        <translation>明かりを押すと、その明かりと上下左右の明かりが切り替わります。すべての明かりを消してください。</translation>
    </message>
</context>
</TS>
