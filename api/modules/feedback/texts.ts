import type { Texts } from "../../http/messages.ts";

/** The feedback module's own failures; the title, content and attachment rules share the notices' texts. */
export const feedbackTexts = {
  bizTypeInvalid: { zh: "请选择正确的业务类型", en: "Please choose a valid category", es: "Elija una categoría válida", ja: "正しい業務区分を選択してください" },
  typeInvalid: { zh: "请选择正确的反馈类型", en: "Please choose a valid feedback type", es: "Elija un tipo de comentario válido", ja: "正しいフィードバックの種類を選択してください" },
  replyRequired: { zh: "请输入回复内容", en: "Please enter a reply", es: "Introduzca una respuesta", ja: "返信内容を入力してください" },
  feedbackNotFound: { zh: "反馈不存在", en: "The feedback does not exist", es: "El comentario no existe", ja: "フィードバックが存在しません" },
} satisfies Record<string, Texts>;

/**
 * The directed message a reply sends. Stored once, in the platform's language (zh), like every message
 * content; the feedback's own title says which one it answers.
 */
export const replyMessageTitle = (feedbackTitle: string) => `您的反馈“${feedbackTitle}”已回复`;

/** Where the reply's message leads: the feedback page, which opens this feedback read-only. */
export const feedbackLink = (feedbackId: string) => `/feedback?id=${feedbackId}`;
