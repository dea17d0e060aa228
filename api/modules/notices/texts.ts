import type { Texts } from "../../http/messages.ts";
import { validationTexts } from "../users/texts.ts";

/** Limits shared by notices and feedback (docs/notices.md). */
export const TITLE_MAX = 100;
export const CONTENT_MAX = 200_000;
export const AUTHOR_MAX = 50;
export const ATTACHMENTS_MAX = 20;

/** The notices module's failures, also used by feedback for the fields they share; zh is the spec's where it has one. */
export const noticeTexts = {
  titleRequired: validationTexts.titleRequired,
  titleTooLong: { zh: "标题长度不能超过100", en: "The title cannot exceed 100 characters", es: "El título no puede superar los 100 caracteres", ja: "タイトルは100文字以内で入力してください" },
  contentTooLong: {
    zh: "内容长度不能超过200000",
    en: "The content cannot exceed 200,000 characters",
    es: "El contenido no puede superar los 200 000 caracteres",
    ja: "内容は200000文字以内で入力してください",
  },
  authorTooLong: { zh: "作者长度不能超过50", en: "The author cannot exceed 50 characters", es: "El autor no puede superar los 50 caracteres", ja: "作成者は50文字以内で入力してください" },
  tooManyAttachments: { zh: "附件数量不能超过20个", en: "At most 20 attachments are allowed", es: "Se permiten como máximo 20 adjuntos", ja: "添付ファイルは20個までです" },
  attachmentRefused: {
    zh: "附件不存在或无权使用",
    en: "An attachment does not exist or is not yours to use",
    es: "Un adjunto no existe o no tiene permiso para usarlo",
    ja: "添付ファイルが存在しないか、使用する権限がありません",
  },
  noticeNotFound: { zh: "通知不存在", en: "The notice does not exist", es: "El aviso no existe", ja: "お知らせが存在しません" },
  noticeNotPublished: { zh: "该通知未发布，无需撤回", en: "The notice is not published, there is nothing to withdraw", es: "El aviso no está publicado; no hay nada que retirar", ja: "このお知らせは公開されていないため、取り下げる必要はありません" },
  messageNotFound: { zh: "消息不存在", en: "The message does not exist", es: "El mensaje no existe", ja: "メッセージが存在しません" },
} satisfies Record<string, Texts>;
