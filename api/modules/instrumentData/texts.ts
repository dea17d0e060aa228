import { texts, type Texts } from "../../http/messages.ts";
import type { ParseFailure } from "./parsers.ts";

const size = (bytes: number) => (bytes >= 1024 ** 3 ? `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB` : `${Math.round(bytes / 1024 ** 2)} MB`);

/** The instrument data calls' refusals (docs/instrument-data.md), in the four languages. */
export const instrumentTexts = {
  noFile: texts(
    "请选择要上传的仪器文件（表单字段 file）",
    "Send the instrument's file (form field “file”)",
    "Envíe el archivo del equipo (campo «file»)",
    "装置のファイルを送ってください（フォーム項目 file）",
  ),
  cutShort: texts("上传中断，文件不完整，未保存", "The upload was cut short; nothing was kept", "La subida se interrumpió; no se guardó nada", "アップロードが途中で切れたため、保存していません"),
  checksumFormat: texts(
    "校验值须为 64 位十六进制 SHA-256",
    "The checksum must be a SHA-256 in 64 hexadecimal digits",
    "La suma de verificación debe ser un SHA-256 de 64 dígitos hexadecimales",
    "チェックサムは 64 桁 16 進の SHA-256 です",
  ),
  checksumMismatch: texts(
    "文件校验失败：收到的文件 SHA-256 为 {got}，与发送方的 {sent} 不一致，未保存，请重新发送",
    "The checksum does not match: the file received has SHA-256 {got}, the sender gave {sent}. Nothing was kept; send it again",
    "La suma no coincide: el archivo recibido tiene SHA-256 {got} y el remitente indicó {sent}. No se guardó nada; envíelo de nuevo",
    "チェックサムが一致しません。受信したファイルの SHA-256 は {got}、送信側は {sent} でした。保存していません。送り直してください",
  ),
  sampleUnknown: texts("样品编号不存在", "No sample has that ID", "Ninguna muestra tiene ese ID", "その試料番号はありません"),
  sampleTooLong: texts("样品编号过长", "The sample ID is too long", "El ID de muestra es demasiado largo", "試料番号が長すぎます"),
  notFound: texts("仪器文件不存在", "No such instrument file", "No existe ese archivo de equipo", "その装置ファイルはありません"),
  fileGone: texts("文件已不在存储中", "The file is no longer in storage", "El archivo ya no está en el almacenamiento", "ファイルは保存場所にもうありません"),
  equipmentUnknown: texts("设备不存在或不在您的管理范围内", "No such instrument within your reach", "No hay ese equipo a su alcance", "その装置はないか、管理範囲外です"),
  equipmentRetired: texts("该设备已报废，不能接收数据", "That instrument is retired and takes no data", "Ese equipo está dado de baja y no recibe datos", "その装置は廃棄済みでデータを受け付けません"),
  labelTooLong: texts("说明不能超过 60 个字符", "The label can have at most 60 characters", "La etiqueta admite como máximo 60 caracteres", "説明は 60 文字以内です"),
  tokensTooMany: texts(
    "每台设备最多 5 个有效令牌，请先吊销不用的令牌",
    "At most 5 live tokens per instrument: revoke one you no longer use first",
    "Como máximo 5 tokens activos por equipo: revoque antes uno que ya no use",
    "装置ごとに有効なトークンは 5 個までです。使わないものを先に失効させてください",
  ),
  tokenUnknown: texts("令牌不存在", "No such token", "No existe ese token", "そのトークンはありません"),
  tokenInvalid: texts("设备令牌无效或已吊销", "The instrument token is not valid or was revoked", "El token del equipo no es válido o fue revocado", "装置トークンが無効か、失効しています"),
} satisfies Record<string, Texts>;

/** A file over the stated limit. */
export const tooLargeFor = (max: number): Texts =>
  texts(`仪器文件不能超过 ${size(max)}`, `An instrument file can be at most ${size(max)}`, `Un archivo de equipo puede tener como máximo ${size(max)}`, `装置ファイルは ${size(max)} までです`);

/** Why a parser could not read a file, as the list and the file's page say it. */
export const parseTexts: Record<ParseFailure | "tooBig" | "notText", Texts> = {
  noTable: texts(
    "未识别出数据表：光谱仪文件需有元素列（C、Si、Mn…），拉伸文件需有应力或力列及应变或位移列",
    "No table recognised: a spectrometer file needs element columns (C, Si, Mn…), a tensile file a stress or load column and a strain or extension column",
    "No se reconoce ninguna tabla: un archivo de espectrómetro necesita columnas de elementos (C, Si, Mn…), uno de tracción una columna de tensión o carga y otra de deformación o alargamiento",
    "表を認識できません。分光分析は元素列（C、Si、Mn…）、引張試験は応力または荷重の列とひずみまたは伸びの列が必要です",
  ),
  noNumbers: texts("数据表中没有可读的数值", "The table holds no numbers to read", "La tabla no contiene números legibles", "表に読み取れる数値がありません"),
  tensileNoArea: texts(
    "文件只有力值，缺少试样截面（面积、直径，或宽度和厚度）",
    "The file gives load but not the specimen's cross-section (area, diameter, or width and thickness)",
    "El archivo da la carga pero no la sección de la probeta (área, diámetro, o ancho y espesor)",
    "荷重だけで、試験片の断面（面積、直径、または幅と厚さ）がありません",
  ),
  tensileNoGauge: texts(
    "文件只有位移，缺少标距",
    "The file gives extension but not the gauge length",
    "El archivo da el alargamiento pero no la longitud calibrada",
    "伸びだけで、標点距離がありません",
  ),
  tensileNoRise: texts(
    "曲线没有弹性段，无法计算性能",
    "The curve has no elastic rise to compute properties from",
    "La curva no tiene tramo elástico del que calcular propiedades",
    "曲線に弾性域がなく、特性を計算できません",
  ),
  tooBig: texts("文件超过 64 MB，已保存但未解析", "Over 64 MB: kept, not parsed", "Más de 64 MB: guardado, sin analizar", "64 MB を超えるため、保存のみで解析していません"),
  notText: texts(
    "不是文本（CSV）文件，已保存但未解析",
    "Not a text (CSV) file: kept, not parsed",
    "No es un archivo de texto (CSV): guardado, sin analizar",
    "テキスト（CSV）ファイルではないため、保存のみで解析していません",
  ),
};
