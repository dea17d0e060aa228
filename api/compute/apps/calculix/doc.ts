import type { AppDoc } from "../types.ts";

/** The CalculiX app's documentation page. */
export const calculixDoc: AppDoc = {
  summary: {
    zh: "用 CalculiX（ccx）进行有限元分析：悬臂梁或板的线弹性静力分析（端部集中力），或带均匀体热源、两端定温的稳态导热；也可提交自己的 .inp 输入文件（可附 .geo 由 Gmsh 先划分网格）。给出最大位移、最大 von Mises 应力、最高温度、轴线曲线和云图。",
    en: "Finite element analysis with CalculiX (ccx): linear elastic statics of a cantilever beam or plate under a tip load, or steady heat conduction with a uniform heat source and both ends at a fixed temperature; or your own .inp deck (optionally with a .geo that Gmsh meshes first). Gives the maximum displacement, maximum von Mises stress, maximum temperature, curves along the axis and a contour picture.",
    es: "Análisis por elementos finitos con CalculiX (ccx): estática elástica lineal de una viga o placa en voladizo con carga en la punta, o conducción de calor estacionaria con fuente uniforme y ambos extremos a temperatura fija; o su propio archivo .inp (opcionalmente con un .geo que Gmsh malla antes). Da el desplazamiento máximo, la tensión de von Mises máxima, la temperatura máxima, curvas a lo largo del eje y un mapa de colores.",
    ja: "CalculiX（ccx）による有限要素解析：先端荷重を受ける片持ちはり・板の線形弾性静解析、または一様な発熱と両端固定温度の定常熱伝導。独自の .inp 入力ファイル（Gmsh で先にメッシュ化する .geo を添付可）も実行できます。最大変位、最大 von Mises 応力、最高温度、軸方向の曲線とコンター図を出力します。",
  },
  model: [
    {
      zh: "图形模式中，平台直接生成长方体 [0,L]×[0,W]×[0,H] 的结构化网格：20 节点二次六面体减缩积分单元 C3D20R，单元边长不超过给定网格尺寸（梁截面至少 2×2 个单元）。二次单元能准确表示弯曲，稳态导热时二次温度分布在节点上精确再现。",
      en: "In graphical mode the platform writes a structured mesh of the box [0,L]×[0,W]×[0,H] itself: 20-node quadratic bricks with reduced integration (C3D20R), edges no longer than the mesh size (at least 2×2 across a beam). Quadratic elements represent bending accurately, and in steady conduction the quadratic temperature profile is reproduced exactly at the nodes.",
      es: "En modo gráfico la plataforma escribe ella misma una malla estructurada de la caja [0,L]×[0,W]×[0,H]: hexaedros cuadráticos de 20 nodos con integración reducida (C3D20R), con aristas no mayores que el tamaño de malla (al menos 2×2 en la sección de una viga). Los elementos cuadráticos representan bien la flexión, y en conducción estacionaria el perfil cuadrático de temperatura se reproduce exactamente en los nodos.",
      ja: "図形モードでは、プラットフォームが直方体 [0,L]×[0,W]×[0,H] の構造格子メッシュを自ら作成します。20 節点二次六面体の低減積分要素（C3D20R）で、辺の長さはメッシュサイズ以下（はりの断面は 2×2 要素以上）です。二次要素は曲げを正確に表し、定常熱伝導では二次の温度分布が節点で厳密に再現されます。",
    },
    {
      zh: "静力分析：x = 0 端面全部节点固定（三个位移分量为零），x = L 端面作用 −z 向合力 P，按均匀面力的一致节点力分配（角节点 −1/12，边中节点 1/3）。导热分析：两端面节点温度为 T0，侧面绝热，体热源 q 以 *DFLUX BF 施加。ccx 用 SPOOLES 直接法求解。",
      en: "Statics: every node of the face x = 0 is fixed (all three displacements zero); the face x = L carries a resultant P in −z, spread as the consistent nodal loads of a uniform traction (corners −1/12, midsides 1/3). Conduction: the end faces are held at T0, the sides are insulated, and the source q is applied with *DFLUX BF. ccx solves with the SPOOLES direct solver.",
      es: "Estática: todos los nodos de la cara x = 0 están fijos (los tres desplazamientos nulos); la cara x = L lleva una resultante P en −z, repartida como cargas nodales consistentes de una tracción uniforme (esquinas −1/12, nodos intermedios 1/3). Conducción: las caras extremas se mantienen a T0, las laterales están aisladas, y la fuente q se aplica con *DFLUX BF. ccx resuelve con el solver directo SPOOLES.",
      ja: "静解析：x = 0 面の全節点を固定（3 方向変位ゼロ）、x = L 面に −z 方向の合力 P を一様な表面力の整合節点力（角節点 −1/12、中間節点 1/3）として与えます。熱伝導：両端面の温度を T0 に保持、側面は断熱、発熱 q は *DFLUX BF で与えます。ccx は SPOOLES 直接法で解きます。",
    },
    {
      zh: "单位：mm、N、MPa、s；热导率 W/(m·K) 数值不变，热源 W/m³ 乘以 10⁻⁶ 换算为 N·mm/(s·mm³)。指令模式的 .inp 也按此单位解读结果。若存在 model.geo，作业先运行 gmsh 生成 mesh.inp（只保留 C3D 体单元，C3D20 改为 C3D20R），输入文件可用 *INCLUDE, INPUT=mesh.inp 引入。",
      en: "Units: mm, N, MPa, s; a conductivity in W/(m·K) keeps its number, a source in W/m³ is multiplied by 10⁻⁶ to N·mm/(s·mm³). Results of an instruction-mode .inp are labelled in the same units. When a model.geo is given, the job first runs gmsh to write mesh.inp (volume C3D elements only, C3D20 renamed C3D20R), which the deck may bring in with *INCLUDE, INPUT=mesh.inp.",
      es: "Unidades: mm, N, MPa, s; una conductividad en W/(m·K) conserva su número, una fuente en W/m³ se multiplica por 10⁻⁶ a N·mm/(s·mm³). Los resultados de un .inp en modo de instrucciones se rotulan en las mismas unidades. Si se da un model.geo, el trabajo ejecuta antes gmsh para escribir mesh.inp (solo elementos de volumen C3D, C3D20 renombrado C3D20R), que el archivo puede incluir con *INCLUDE, INPUT=mesh.inp.",
      ja: "単位：mm、N、MPa、s。熱伝導率 W/(m·K) は数値そのまま、発熱 W/m³ は 10⁻⁶ 倍して N·mm/(s·mm³) に換算します。命令モードの .inp の結果も同じ単位で表示します。model.geo がある場合は先に gmsh を実行して mesh.inp（C3D 体積要素のみ、C3D20 は C3D20R に変更）を作り、入力ファイルから *INCLUDE, INPUT=mesh.inp で読み込めます。",
    },
  ],
  assumptions: [
    {
      zh: "小变形线弹性、各向同性均质材料；固支端约束全部位移（包括泊松收缩），因此与梁理论 PL³/3EI 相比有约千分之几的差别（剪切变形使挠度略增）。",
      en: "Small strains, linear elastic, isotropic and homogeneous; the clamped end fixes every displacement (Poisson contraction included), so the result differs from beam theory PL³/3EI by a few tenths of a percent (shear adds a little deflection).",
      es: "Deformaciones pequeñas, elástico lineal, isótropo y homogéneo; el empotramiento fija todos los desplazamientos (incluida la contracción de Poisson), por lo que el resultado difiere de la teoría de vigas PL³/3EI en unas décimas de por ciento (el cortante añade algo de flecha).",
      ja: "微小ひずみ・線形弾性・等方均質材料。固定端は全変位を拘束（ポアソン収縮も拘束）するため、はり理論 PL³/3EI とは 0.数 % 程度異なります（せん断変形でたわみがわずかに増えます）。",
    },
    {
      zh: "导热分析为稳态、热导率恒定，侧面绝热，因此温度只随 x 变化：T(x) = T0 + q x (L − x) / 2k。",
      en: "Conduction is steady with a constant conductivity and insulated sides, so the temperature varies along x only: T(x) = T0 + q x (L − x) / 2k.",
      es: "La conducción es estacionaria con conductividad constante y caras laterales aisladas, así que la temperatura solo varía con x: T(x) = T0 + q x (L − x) / 2k.",
      ja: "熱伝導は定常、熱伝導率一定、側面断熱なので、温度は x 方向のみに変化します：T(x) = T0 + q x (L − x) / 2k。",
    },
  ],
  validity: [
    {
      zh: "图形模式单元数不超过 6000；位移远小于尺寸时线性结果有效。von Mises 应力为 ccx 外推到节点并平均的值，固支端角点附近存在应力集中。",
      en: "At most 6000 elements in graphical mode; the linear result holds while displacements stay small against the dimensions. The von Mises stress is ccx's value extrapolated to the nodes and averaged; the corners of the clamped end concentrate stress.",
      es: "Como máximo 6000 elementos en modo gráfico; el resultado lineal vale mientras los desplazamientos sean pequeños frente a las dimensiones. La tensión de von Mises es la de ccx extrapolada a los nodos y promediada; las esquinas del empotramiento concentran tensiones.",
      ja: "図形モードの要素数は 6000 以下。変位が寸法に比べて小さい範囲で線形解は有効です。von Mises 応力は ccx が節点に外挿・平均した値で、固定端の角部には応力集中があります。",
    },
  ],
  outputs: [
    {
      zh: "最大位移（mm）、最大 von Mises 应力（MPa）、最高/最低温度（°C），轴线（节点集 NAXIS）的挠度或温度曲线，.dat 中打印的表格，变形后（放大显示）的应力或温度云图，文件 model.inp、model.frd、model.dat",
      en: "Maximum displacement (mm), maximum von Mises stress (MPa), maximum and minimum temperature (°C), the deflection or temperature along the axis (node set NAXIS), the tables printed in the .dat, a contour of stress on the (magnified) deformed shape or of temperature, and the files model.inp, model.frd and model.dat",
      es: "Desplazamiento máximo (mm), tensión de von Mises máxima (MPa), temperaturas máxima y mínima (°C), la flecha o la temperatura a lo largo del eje (conjunto de nodos NAXIS), las tablas impresas en el .dat, un mapa de tensión sobre la forma deformada (amplificada) o de temperatura, y los archivos model.inp, model.frd y model.dat",
      ja: "最大変位（mm）、最大 von Mises 応力（MPa）、最高・最低温度（°C）、軸（節点集合 NAXIS）に沿ったたわみまたは温度の曲線、.dat に出力された表、変形形状（拡大表示）上の応力または温度のコンター図、ファイル model.inp、model.frd、model.dat",
    },
  ],
  references: [
    "G. Dhondt, CalculiX CrunchiX User's Manual, version 2.20, http://www.calculix.de",
    "G. Dhondt, The Finite Element Method for Three-Dimensional Thermomechanical Applications, Wiley, 2004.",
    "S. P. Timoshenko, J. M. Gere, Mechanics of Materials (cantilever deflection PL³/3EI).",
  ],
};
