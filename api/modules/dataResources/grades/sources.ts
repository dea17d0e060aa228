/**
 * The standards and handbooks the shipped grade data cites. Only published documents that exist, with their
 * titles and years as published; a grade's figures name one of these keys (and where in it).
 */

import type { SourceDoc } from "./types.ts";

export const SOURCES: SourceDoc[] = [
  { key: "gbt699-2015", title: "GB/T 699-2015 优质碳素结构钢", kind: "standard", year: 2015 },
  { key: "gbt700-2006", title: "GB/T 700-2006 碳素结构钢", kind: "standard", year: 2006 },
  { key: "gbt3077-2015", title: "GB/T 3077-2015 合金结构钢", kind: "standard", year: 2015 },
  { key: "gbt1222-2016", title: "GB/T 1222-2016 弹簧钢", kind: "standard", year: 2016 },
  { key: "gbt18254-2016", title: "GB/T 18254-2016 高碳铬轴承钢", kind: "standard", year: 2016 },
  { key: "gbt1299-2014", title: "GB/T 1299-2014 工模具钢", kind: "standard", year: 2014 },
  { key: "gbt9943-2008", title: "GB/T 9943-2008 高速工具钢", kind: "standard", year: 2008 },
  { key: "gbt20878-2007", title: "GB/T 20878-2007 不锈钢和耐热钢 牌号及化学成分", kind: "standard", year: 2007 },
  { key: "gbt1220-2007", title: "GB/T 1220-2007 不锈钢棒", kind: "standard", year: 2007 },
  { key: "gbt4237-2015", title: "GB/T 4237-2015 不锈钢热轧钢板和钢带", kind: "standard", year: 2015 },
  { key: "sae-j403-2009", title: "SAE J403 (DEC2009) Chemical Compositions of SAE Carbon Steels", kind: "standard", year: 2009 },
  { key: "sae-j404-2009", title: "SAE J404 (JAN2009) Chemical Compositions of SAE Alloy Steels", kind: "standard", year: 2009 },
  { key: "astm-a240-20a", title: "ASTM A240/A240M-20a Standard Specification for Chromium and Chromium-Nickel Stainless Steel Plate, Sheet, and Strip for Pressure Vessels and for General Applications", kind: "standard", year: 2020 },
  { key: "astm-a295-14", title: "ASTM A295/A295M-14 Standard Specification for High-Carbon Anti-Friction Bearing Steel", kind: "standard", year: 2014 },
  { key: "jis-g4051-2016", title: "JIS G 4051:2016 Carbon steels for machine structural use (機械構造用炭素鋼鋼材)", kind: "standard", year: 2016 },
  { key: "jis-g4053-2016", title: "JIS G 4053:2016 Low-alloyed steels for machine structural use (機械構造用合金鋼鋼材)", kind: "standard", year: 2016 },
  { key: "jis-g4303-2012", title: "JIS G 4303:2012 Stainless steel bars (ステンレス鋼棒)", kind: "standard", year: 2012 },
  { key: "jis-g4311-2011", title: "JIS G 4311:2011 Heat-resisting steel bars and wire rods (耐熱鋼棒及び線材)", kind: "standard", year: 2011 },
  { key: "jis-g4401-2009", title: "JIS G 4401:2009 Carbon tool steels (炭素工具鋼鋼材)", kind: "standard", year: 2009 },
  { key: "jis-g4403-2015", title: "JIS G 4403:2015 High speed tool steels (高速度工具鋼鋼材)", kind: "standard", year: 2015 },
  { key: "jis-g4404-2015", title: "JIS G 4404:2015 Alloy tool steels (合金工具鋼鋼材)", kind: "standard", year: 2015 },
  { key: "jis-g4801-2005", title: "JIS G 4801:2005 Spring steels (ばね鋼鋼材)", kind: "standard", year: 2005 },
  { key: "jis-g4805-2008", title: "JIS G 4805:2008 High carbon chromium bearing steels (高炭素クロム軸受鋼鋼材)", kind: "standard", year: 2008 },
  { key: "en10083-2-2006", title: "EN 10083-2:2006 Steels for quenching and tempering — Part 2: Technical delivery conditions for non alloy steels", kind: "standard", year: 2006 },
  { key: "en10083-3-2006", title: "EN 10083-3:2006 Steels for quenching and tempering — Part 3: Technical delivery conditions for alloy steels", kind: "standard", year: 2006 },
  { key: "en10084-2008", title: "EN 10084:2008 Case hardening steels — Technical delivery conditions", kind: "standard", year: 2008 },
  { key: "en10089-2002", title: "EN 10089:2002 Hot rolled steels for quenched and tempered springs — Technical delivery conditions", kind: "standard", year: 2002 },
  { key: "en10088-1-2014", title: "EN 10088-1:2014 Stainless steels — Part 1: List of stainless steels", kind: "standard", year: 2014 },
  { key: "en10095-1999", title: "EN 10095:1999 Heat resisting steels and nickel alloys", kind: "standard", year: 1999 },
  { key: "en-iso4957-2018", title: "EN ISO 4957:2018 Tool steels", kind: "standard", year: 2018 },
  { key: "en-iso683-17-2014", title: "EN ISO 683-17:2014 Heat-treated steels, alloy steels and free-cutting steels — Part 17: Ball and roller bearing steels", kind: "standard", year: 2014 },
  { key: "iso683-1-2016", title: "ISO 683-1:2016 Heat-treatable steels, alloy steels and free-cutting steels — Part 1: Non-alloy steels for quenching and tempering", kind: "standard", year: 2016 },
  { key: "iso683-2-2016", title: "ISO 683-2:2016 Heat-treatable steels, alloy steels and free-cutting steels — Part 2: Alloy steels for quenching and tempering", kind: "standard", year: 2016 },
  { key: "iso683-17-2014", title: "ISO 683-17:2014 Heat-treated steels, alloy steels and free-cutting steels — Part 17: Ball and roller bearing steels", kind: "standard", year: 2014 },
  { key: "iso4957-2018", title: "ISO 4957:2018 Tool steels", kind: "standard", year: 2018 },
  { key: "asm-hb-v1-1990", title: "ASM Handbook Vol. 1 (1990) Properties and Selection: Irons, Steels, and High-Performance Alloys", kind: "handbook", year: 1990 },
  { key: "asm-equiv-2006", title: "Worldwide Guide to Equivalent Irons and Steels, 5th ed. (ASM International, 2006)", kind: "handbook", year: 2006 },
];
