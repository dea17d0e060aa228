import type { AppDoc } from "../types.ts";

/** The gmsh app's documentation page. */
export const gmshDoc: AppDoc = {
  summary: {
    zh: "用 Gmsh 为零件生成有限元网格：参数化的长方体、圆柱或带孔板（二维或三维、一阶或二阶单元），或用户自己的 .geo 脚本；给出节点数、各类型单元数、网格质量和网格预览图。",
    en: "Meshes a part with Gmsh: a parametric block, cylinder or plate with a hole (2D or 3D, first- or second-order elements), or the user's own .geo script; gives the node count, the elements of each type, the mesh quality and a preview picture.",
    es: "Malla una pieza con Gmsh: un bloque, un cilindro o una placa con agujero paramétricos (2D o 3D, elementos de primer o segundo orden), o el script .geo del usuario; da el número de nodos, los elementos de cada tipo, la calidad de la malla y una imagen de vista previa.",
    ja: "Gmsh で部品の有限要素メッシュを生成します。パラメトリックな直方体・円柱・穴あき板（2次元または3次元、一次または二次要素）、あるいはユーザーの .geo スクリプトから、節点数、要素タイプ別の数、メッシュ品質、プレビュー図を出力します。",
  },
  model: [
    {
      zh: "几何体由 OpenCASCADE 内核构造（带孔板为长方体减圆柱的布尔差），以 gmsh -3 划分网格：曲线、曲面再到体，非结构化三角形/四面体网格（Delaunay 与 Frontal 算法），随后优化四面体质量；网格以 MSH 2.2 格式保存，并另存为 Abaqus/CalculiX 的 .inp 格式。",
      en: "The geometry is built with the OpenCASCADE kernel (the plate with a hole is a block minus a cylinder) and meshed by gmsh -3: curves, then surfaces, then volumes, with unstructured triangles/tetrahedra (Delaunay and Frontal algorithms), followed by gmsh's tetrahedron quality optimisation; the mesh is saved in MSH 2.2 format and also exported as an Abaqus/CalculiX .inp file.",
      es: "La geometría se construye con el núcleo OpenCASCADE (la placa con agujero es un bloque menos un cilindro) y se malla con gmsh -3: curvas, superficies y volúmenes, con triángulos/tetraedros no estructurados (algoritmos Delaunay y Frontal), seguido de la optimización de calidad de tetraedros de gmsh; la malla se guarda en formato MSH 2.2 y se exporta también como archivo .inp de Abaqus/CalculiX.",
      ja: "形状は OpenCASCADE カーネルで作成し（穴あき板は直方体から円柱を引いたブール差）、gmsh -3 で曲線・曲面・体積の順に非構造の三角形/四面体メッシュ（Delaunay、Frontal アルゴリズム）を生成し、四面体の品質最適化を行います。メッシュは MSH 2.2 形式で保存し、Abaqus/CalculiX の .inp 形式にも書き出します。",
    },
    {
      zh: "网格质量为 Gmsh 优化四面体后报告的最差值和平均值（1 为正四面体，接近 0 为退化单元）；只有三维四面体网格会报告。",
      en: "The quality is the worst and average that Gmsh reports after optimising the tetrahedra (1 for a regular tetrahedron, near 0 for a degenerate one); it is reported for 3D tetrahedral meshes only.",
      es: "La calidad es la peor y la media que Gmsh informa tras optimizar los tetraedros (1 para un tetraedro regular, cerca de 0 para uno degenerado); solo se informa para mallas 3D de tetraedros.",
      ja: "メッシュ品質は Gmsh が四面体の最適化後に報告する最悪値と平均値です（正四面体で 1、退化した要素では 0 に近い）。3次元の四面体メッシュでのみ報告されます。",
    },
  ],
  assumptions: [
    {
      zh: "尺寸单位按毫米标注，Gmsh 本身不区分单位；二维形状位于 z = 0 平面内。",
      en: "Dimensions are labelled in millimetres; Gmsh itself has no units. 2D shapes lie in the z = 0 plane.",
      es: "Las dimensiones se indican en milímetros; Gmsh no tiene unidades. Las formas 2D están en el plano z = 0.",
      ja: "寸法はミリメートルで表示しますが、Gmsh 自体は単位を区別しません。2次元形状は z = 0 平面上にあります。",
    },
    {
      zh: "指令模式中的 .geo 脚本不得调用 System/Shell 等命令，Include/Merge 等引用的文件只能是任务目录内的相对路径。",
      en: "In instruction mode the .geo script may not call System, Shell or similar commands, and files it includes or merges must be relative paths inside the task's directory.",
      es: "En modo de instrucciones el script .geo no puede llamar a System, Shell ni comandos similares, y los archivos que incluye o fusiona deben ser rutas relativas dentro del directorio de la tarea.",
      ja: "命令モードの .geo スクリプトでは System、Shell などのコマンドは使えず、Include や Merge するファイルはタスクのディレクトリ内の相対パスに限られます。",
    },
  ],
  validity: [
    {
      zh: "估计单元数不超过 30 万；孔径必须小于板的长和宽。",
      en: "At most about 300 000 estimated cells; the hole must be narrower than the plate.",
      es: "Como máximo unas 300 000 celdas estimadas; el agujero debe ser más estrecho que la placa.",
      ja: "推定要素数は約 30 万以下、穴の直径は板の長さと幅より小さくする必要があります。",
    },
  ],
  outputs: [
    {
      zh: "节点数、单元总数、最高维单元数、网格质量，各类型单元数表，网格预览图（三维为等轴测视图），文件 mesh.msh（MSH 2.2）、mesh.inp、model.geo",
      en: "Node count, element count, cells of the highest dimension, mesh quality, a table of elements by type, a preview picture (isometric for 3D), and the files mesh.msh (MSH 2.2), mesh.inp and model.geo",
      es: "Número de nodos, de elementos, de celdas de la dimensión más alta, calidad de la malla, una tabla de elementos por tipo, una imagen de vista previa (isométrica en 3D) y los archivos mesh.msh (MSH 2.2), mesh.inp y model.geo",
      ja: "節点数、要素数、最高次元の要素数、メッシュ品質、要素タイプ別の表、プレビュー図（3次元は等角図）、ファイル mesh.msh（MSH 2.2）、mesh.inp、model.geo",
    },
  ],
  references: [
    "C. Geuzaine, J.-F. Remacle, \"Gmsh: a three-dimensional finite element mesh generator with built-in pre- and post-processing facilities\", Int. J. Numer. Meth. Eng. 79 (2009) 1309–1331.",
    "Gmsh reference manual, https://gmsh.info/doc/texinfo/gmsh.html",
  ],
};
