/**
 * The platform's constants (spec section 3 enumerations, and the fixed texts of the footer and the public
 * pages) with their release defaults in the four languages. A SystemAdmin edits the labels and texts on
 * /systemManage/constantManage; the site's edits are kept apart (constant_changes) and laid over these, so a
 * release can add an item without losing them. The keys of an enumeration are the spec's and never change:
 * code depends on them. Plain data, no zod: the browser imports it for the fallback when the API is away.
 */

export const CONSTANT_LANGS = ["zh", "en", "es", "ja"] as const;
export type ConstantLang = (typeof CONSTANT_LANGS)[number];
export type Labels = Record<ConstantLang, string>;

/**
 * How an item is edited and shown: `label` a short name per language (an enumeration's), `text` a sentence or
 * paragraph per language, `phone` and `email` one value for every language.
 */
export type ConstantFormat = "label" | "text" | "phone" | "email";

export interface ConstantItem {
  key: string;
  format: ConstantFormat;
  labels: Labels;
}

export interface ConstantGroup {
  code: string;
  /** enum: an enumeration of section 3 (numeric keys); texts: fixed texts of the site. */
  kind: "enum" | "texts";
  items: ConstantItem[];
}

/** One item as System/GetConstantList answers it (/systemManage/constantManage). */
export interface ConstantItemRow {
  Key: string;
  Format: ConstantFormat;
  Labels: Labels;
  /** The release's labels, for "back to default" and to show what changed. */
  Default: Labels;
  Changed: boolean;
  /** 0 while the item has the release's default; the concurrency check compares it. */
  Version: number;
  ChangedAt: string | null;
  ChangedBy: string | null;
}

export interface ConstantGroupRow {
  Code: string;
  Kind: ConstantGroup["kind"];
  Items: ConstantItemRow[];
}

/** Longest label and text, in characters. */
export const CONSTANT_LIMITS = { label: 30, text: 500, phone: 30, email: 100 } as const;

const same = (v: string): Labels => ({ zh: v, en: v, es: v, ja: v });
const enumGroup = (code: string, items: Array<[number, Labels]>): ConstantGroup => ({
  code,
  kind: "enum",
  items: items.map(([key, labels]) => ({ key: String(key), format: "label", labels })),
});

export const CONSTANT_DEFAULTS: readonly ConstantGroup[] = [
  enumGroup("GenderArr", [
    [0, { zh: "未知", en: "Unknown", es: "Desconocido", ja: "不明" }],
    [1, { zh: "男", en: "Male", es: "Hombre", ja: "男性" }],
    [9, { zh: "女", en: "Female", es: "Mujer", ja: "女性" }],
  ]),
  enumGroup("ProjectDataLevel", [
    [0, { zh: "全部", en: "All", es: "Todos", ja: "すべて" }],
    [1, { zh: "我负责的项目", en: "Projects I lead", es: "Proyectos que dirijo", ja: "自分が責任者のプロジェクト" }],
    [2, { zh: "我参与的项目", en: "Projects I take part in", es: "Proyectos en los que participo", ja: "参加しているプロジェクト" }],
  ]),
  enumGroup("TestDetectionDataLevel", [
    [0, { zh: "全部", en: "All", es: "Todos", ja: "すべて" }],
    [1, { zh: "我的任务", en: "My tasks", es: "Mis tareas", ja: "自分のタスク" }],
    [2, { zh: "小组任务", en: "Group tasks", es: "Tareas del grupo", ja: "グループのタスク" }],
  ]),
  enumGroup("VersionContentArray", [
    [3, { zh: "接口文件自动更新", en: "Interface file auto-update", es: "Actualización automática del archivo de interfaz", ja: "インターフェースファイル自動更新" }],
    [7, { zh: "接口安装包更新", en: "Interface installer update", es: "Actualización del instalador de interfaz", ja: "インターフェースインストーラー更新" }],
    [15, { zh: "安装文档更新", en: "Install document update", es: "Actualización del documento de instalación", ja: "インストール文書更新" }],
    [31, { zh: "中间服务器接口更新", en: "Middle-server interface update", es: "Actualización de la interfaz del servidor intermedio", ja: "中間サーバーインターフェース更新" }],
    [63, { zh: "客服群二维码", en: "Customer-service group QR code", es: "Código QR del grupo de atención", ja: "カスタマーサービスグループQRコード" }],
    [88, { zh: "新客户端更新", en: "New client update", es: "Actualización del nuevo cliente", ja: "新クライアント更新" }],
  ]),
  enumGroup("FunctionDataTypeArray", [
    [1, { zh: "功能", en: "Function", es: "Función", ja: "機能" }],
    [3, { zh: "菜单", en: "Menu", es: "Menú", ja: "メニュー" }],
  ]),
  enumGroup("MenuShowTypeArray", [
    [1, { zh: "所有位置", en: "Everywhere", es: "En todas partes", ja: "すべての場所" }],
    [3, { zh: "右侧内容区", en: "Right content area", es: "Área de contenido derecha", ja: "右側コンテンツ領域" }],
    [5, { zh: "左侧菜单栏", en: "Left menu bar", es: "Barra de menú izquierda", ja: "左側メニューバー" }],
  ]),
  {
    code: "SiteContact",
    kind: "texts",
    items: [
      { key: "address", format: "text", labels: { zh: "北京市海淀区材料创新园 8 号楼 3 层，Ferrum 平台运营中心（邮编 100081）", en: "Ferrum Platform Operations Centre, 3rd floor, Building 8, Materials Innovation Park, Haidian District, Beijing 100081, China", es: "Centro de Operaciones de la Plataforma Ferrum, 3.ª planta, Edificio 8, Parque de Innovación de Materiales, distrito de Haidian, 100081 Pekín (China)", ja: "〒100081 中国北京市海淀区 材料イノベーションパーク 8号棟 3階 Ferrum プラットフォーム運営センター" } },
      { key: "phone", format: "phone", labels: same("010-6208 2026") },
      { key: "email", format: "email", labels: same("service@ferrum-platform.cn") },
      { key: "hours", format: "text", labels: { zh: "工作日 9:00–17:30（北京时间）", en: "Weekdays 9:00–17:30 (Beijing time, UTC+8)", es: "Días laborables de 9:00 a 17:30 (hora de Pekín, UTC+8)", ja: "平日 9:00～17:30（北京時間）" } },
    ],
  },
  {
    code: "SiteIntro",
    kind: "texts",
    items: [
      { key: "team", format: "text", labels: { zh: "平台由材料科学、计算力学和软件工程背景的团队共同建设和运营，长期服务钢铁企业、高校和科研院所。", en: "The platform is built and run by a team from materials science, computational mechanics and software engineering, serving steel companies, universities and research institutes.", es: "La plataforma la construye y opera un equipo de ciencia de materiales, mecánica computacional e ingeniería de software, al servicio de empresas siderúrgicas, universidades e institutos de investigación.", ja: "材料科学、計算力学、ソフトウェア工学の専門家からなるチームが構築・運営し、鉄鋼企業、大学、研究機関を支援しています。" } },
      { key: "services", format: "text", labels: { zh: "一个账号即可使用平台的全部服务：提交计算任务、调用材料应用、检索数据、管理检测数据、登记设备、协同推进项目。", en: "One account gives you every service: run computations, use materials apps, search data, manage test data, register equipment and work on projects together.", es: "Una sola cuenta da acceso a todos los servicios: ejecutar cálculos, usar aplicaciones de materiales, buscar datos, gestionar datos de ensayo, registrar equipos y colaborar en proyectos.", ja: "1つのアカウントで全サービスを利用できます。計算の実行、材料アプリの利用、データ検索、試験データ管理、設備登録、プロジェクトでの協働。" } },
      { key: "training", format: "text", labels: { zh: "我们定期举办平台使用与材料计算培训，内容涵盖计算类别入门、应用商店使用和检测数据管理，线上线下均可参加。", en: "We hold regular training on using the platform and on materials computation: getting started with each category, the app store and test data management, online or on site.", es: "Impartimos formación periódica sobre el uso de la plataforma y el cálculo de materiales: primeros pasos en cada categoría, la tienda de aplicaciones y la gestión de datos de ensayo, en línea o presencial.", ja: "プラットフォームの使い方と材料計算の研修を定期的に開催しています。各計算カテゴリの入門、アプリストア、試験データ管理を扱い、オンラインでも会場でも参加できます。" } },
    ],
  },
];

/** The default of one item, or undefined when the release has no such item. */
export function constantDefault(group: string, key: string): ConstantItem | undefined {
  return CONSTANT_DEFAULTS.find((g) => g.code === group)?.items.find((i) => i.key === key);
}

/** The constants as one language shows them: `labels[group][key]`. */
export type ConstantTexts = Record<string, Record<string, string>>;

/** Picks one language out of groups with all four (a missing text falls back to zh, which the spec always has). */
export function constantsIn(groups: ReadonlyArray<{ code: string; items: ReadonlyArray<{ key: string; labels: Labels }> }>, lang: string): ConstantTexts {
  const l = (CONSTANT_LANGS as readonly string[]).includes(lang) ? (lang as ConstantLang) : "zh";
  return Object.fromEntries(groups.map((g) => [g.code, Object.fromEntries(g.items.map((i) => [i.key, i.labels[l] || i.labels.zh]))]));
}
