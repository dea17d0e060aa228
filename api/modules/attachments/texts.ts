import type { Texts } from "../../http/messages.ts";
import { formatBytes } from "./kinds.ts";

/** The attachments module's refusals, in the API's four languages. */
export const attachmentTexts = {
  noFile: { zh: "请选择要上传的文件", en: "Please choose a file to upload", es: "Elija un archivo para subir", ja: "アップロードするファイルを選択してください" },
  emptyFile: { zh: "文件内容为空", en: "The file is empty", es: "El archivo está vacío", ja: "ファイルが空です" },
  mismatch: {
    zh: "文件内容与扩展名不符",
    en: "The file's content does not match its name's extension",
    es: "El contenido del archivo no corresponde a la extensión de su nombre",
    ja: "ファイルの内容が拡張子と一致しません",
  },
  notFound: { zh: "附件不存在", en: "No such attachment", es: "No existe ese adjunto", ja: "その添付ファイルはありません" },
  notOwner: {
    zh: "只能删除自己上传的附件",
    en: "You can only delete attachments you uploaded",
    es: "Solo puede eliminar los adjuntos que subió usted",
    ja: "削除できるのは自分がアップロードした添付ファイルだけです",
  },
  inUse: {
    zh: "该附件正被已保存的公告或反馈使用，不能删除",
    en: "This attachment is used by a saved notice or feedback and cannot be deleted",
    es: "Este adjunto lo usa un aviso o comentario guardado y no se puede eliminar",
    ja: "この添付ファイルは保存済みのお知らせまたはフィードバックで使われているため、削除できません",
  },
  noClient: { zh: "没有这个下载文件", en: "No such download", es: "No existe esa descarga", ja: "そのダウンロードはありません" },
} satisfies Record<string, Texts>;

export function tooLargeText(limit: number): Texts {
  const size = formatBytes(limit);
  return {
    zh: `文件大小不能超过 ${size}`,
    en: `The file cannot be larger than ${size}`,
    es: `El archivo no puede superar ${size}`,
    ja: `ファイルサイズは ${size} 以下にしてください`,
  };
}

export function typeNotAllowedText(types: readonly string[]): Texts {
  const list = types.join(", ");
  return {
    zh: `不支持该文件类型，只能上传：${list}`,
    en: `This type of file is not allowed. Allowed types: ${list}`,
    es: `Este tipo de archivo no está permitido. Tipos permitidos: ${list}`,
    ja: `このファイル形式はアップロードできません。使用できる形式：${list}`,
  };
}
