import type { Texts } from "../../http/messages.ts";

/** The documents module's refusals and notes, in the API's four languages. */
export const documentTexts = {
  notFound: { zh: "文档不存在", en: "No such document", es: "No existe ese documento", ja: "その文書はありません" },
  badSource: {
    zh: "请指明要打开的文档",
    en: "Say which document to open",
    es: "Indique qué documento abrir",
    ja: "開く文書を指定してください",
  },
  badPage: { zh: "没有这一页", en: "The document has no such page", es: "El documento no tiene esa página", ja: "そのページはありません" },
  mismatch: {
    zh: "文件内容与扩展名不符，无法打开",
    en: "The file's content does not match its name's extension, so it cannot be opened",
    es: "El contenido del archivo no corresponde a la extensión de su nombre; no se puede abrir",
    ja: "ファイルの内容が拡張子と一致しないため、開けません",
  },
  damaged: {
    zh: "PDF 文件已损坏，无法显示",
    en: "The PDF file is damaged and cannot be shown",
    es: "El archivo PDF está dañado y no se puede mostrar",
    ja: "PDF ファイルが壊れているため表示できません",
  },
  encrypted: {
    zh: "PDF 文件受密码保护，无法显示，请下载后查看",
    en: "The PDF is protected by a password and cannot be shown; download it to read it",
    es: "El PDF está protegido con contraseña y no se puede mostrar; descárguelo para leerlo",
    ja: "PDF はパスワードで保護されているため表示できません。ダウンロードしてご覧ください",
  },
  convertFailed: {
    zh: "无法将该文档转换为可预览的格式，请下载后查看",
    en: "The document could not be converted for viewing; download it to read it",
    es: "No se pudo convertir el documento para verlo; descárguelo para leerlo",
    ja: "文書をプレビュー用に変換できませんでした。ダウンロードしてご覧ください",
  },
  convertTimeout: {
    zh: "文档转换超时，请稍后重试或下载后查看",
    en: "Converting the document took too long; try again later or download it",
    es: "La conversión del documento tardó demasiado; inténtelo más tarde o descárguelo",
    ja: "文書の変換に時間がかかりすぎました。後でもう一度試すか、ダウンロードしてご覧ください",
  },
  renderTimeout: {
    zh: "页面渲染超时，请稍后重试",
    en: "Drawing the page took too long; try again later",
    es: "Dibujar la página tardó demasiado; inténtelo más tarde",
    ja: "ページの描画に時間がかかりすぎました。後でもう一度お試しください",
  },
  renderFailed: {
    zh: "该页无法显示",
    en: "This page cannot be shown",
    es: "Esta página no se puede mostrar",
    ja: "このページは表示できません",
  },
  noTools: {
    zh: "此服务器未安装文档预览组件，请下载后查看",
    en: "This server cannot show previews of documents; download it to read it",
    es: "Este servidor no puede mostrar vistas previas de documentos; descárguelo para leerlo",
    ja: "このサーバーでは文書をプレビューできません。ダウンロードしてご覧ください",
  },
  busy: {
    zh: "文档转换繁忙，请稍后再试，或下载后查看",
    en: "Document conversion is busy; try again in a moment, or download the file to read it",
    es: "La conversión de documentos está ocupada; inténtelo de nuevo en un momento o descargue el archivo",
    ja: "文書の変換が混み合っています。しばらくしてから再度お試しいただくか、ダウンロードしてご覧ください",
  },
  tooLarge: {
    zh: "文件过大，无法预览，请下载后查看",
    en: "The file is too large to preview; download it to read it",
    es: "El archivo es demasiado grande para la vista previa; descárguelo para leerlo",
    ja: "ファイルが大きすぎるためプレビューできません。ダウンロードしてご覧ください",
  },
} satisfies Record<string, Texts>;
