import { texts, type Texts } from "../../http/messages.ts";
import type { CLIENT_RELEASE_ERRORS } from "../../../common/forms/client-release.ts";

/** The app store calls' refusals (docs/app-store.md), in the four languages. */
export const storeTexts = {
  noFile: texts(
    "请选择应用包文件（.zip 或 .tar.gz）",
    "Choose the app package (.zip or .tar.gz)",
    "Elija el paquete de la aplicación (.zip o .tar.gz)",
    "アプリのパッケージ（.zip または .tar.gz）を選んでください",
  ),
  packageRefused: texts("应用包未通过检查", "The package did not pass its checks", "El paquete no superó las comprobaciones", "パッケージがチェックを通りませんでした"),
  idTaken: texts(
    "该应用标识已被其他作者使用，请在 ferrum-app.json 中换一个 id",
    "Another author already uses this app id; choose another id in ferrum-app.json",
    "Otro autor ya usa este id de aplicación; elija otro id en ferrum-app.json",
    "このアプリ ID は別の作者が使っています。ferrum-app.json で別の id を指定してください",
  ),
  versionFrozen: texts(
    "该版本已提交审核或已处理，不能再替换；请在 ferrum-app.json 中提高版本号",
    "This version was submitted or decided and cannot be replaced; raise the version in ferrum-app.json",
    "Esta versión ya se envió o se decidió y no puede sustituirse; suba la versión en ferrum-app.json",
    "このバージョンは提出済みまたは処理済みのため置き換えられません。ferrum-app.json でバージョンを上げてください",
  ),
  notFound: texts("应用版本不存在", "That app version does not exist", "Esa versión de la aplicación no existe", "そのアプリのバージョンは存在しません"),
  appNotFound: texts("应用不存在或尚未发布", "That app does not exist or is not published", "Esa aplicación no existe o no está publicada", "そのアプリは存在しないか未公開です"),
  stale: texts(
    "该版本已被他人更改，请刷新后重试",
    "Someone changed this version meanwhile; reload and try again",
    "Alguien cambió esta versión mientras tanto; recargue e inténtelo de nuevo",
    "このバージョンは他の人が変更しました。再読み込みしてやり直してください",
  ),
  notTested: texts(
    "只有示例试运行成功的版本才能提交审核",
    "Only a version whose example test run succeeded can be submitted",
    "Solo puede enviarse una versión cuya prueba del ejemplo terminó bien",
    "例題の試運転が成功したバージョンだけを提出できます",
  ),
  notSubmitted: texts("该版本不在待审核状态", "This version is not waiting for review", "Esta versión no está pendiente de revisión", "このバージョンは審査待ちではありません"),
  notPublished: texts(
    "该版本未发布，无法下架",
    "This version is not published, so it cannot be withdrawn",
    "Esta versión no está publicada; no puede retirarse",
    "このバージョンは公開されていないため取り下げられません",
  ),
  commentRequired: texts("退回或拒绝时请填写意见", "Write a comment when returning or rejecting", "Escriba un comentario al devolver o rechazar", "差し戻し・却下のときはコメントを書いてください"),
  commentTooLong: texts("意见不能超过 2000 个字符", "The comment can have at most 2,000 characters", "El comentario admite como máximo 2000 caracteres", "コメントは 2000 文字以内です"),
  decisionUnknown: texts("审核结果无效", "Unknown decision", "Decisión desconocida", "不明な審査結果です"),
  testNotStarted: texts("示例试运行未能开始：", "The example's test run could not start: ", "La prueba del ejemplo no pudo empezar: ", "例題の試運転を開始できませんでした："),
  starsInvalid: texts("请选择 1 到 5 星", "Choose 1 to 5 stars", "Elija de 1 a 5 estrellas", "1〜5 つ星を選んでください"),
  reviewTooLong: texts("评价不能超过 1000 个字符", "The review can have at most 1,000 characters", "La reseña admite como máximo 1000 caracteres", "レビューは 1000 文字以内です"),
  rateAfterRun: texts(
    "成功运行过此应用后才能评分",
    "You can rate this app once a task of yours with it has succeeded",
    "Podrá valorar esta aplicación cuando una tarea suya con ella haya terminado bien",
    "このアプリで自分のタスクが成功してから評価できます",
  ),
  noSelfRating: texts("不能给自己发布的应用评分", "You cannot rate your own app", "No puede valorar su propia aplicación", "自分のアプリは評価できません"),
  notInvited: texts("您没有受邀评估此版本", "You are not invited to evaluate this version", "No está invitado a evaluar esta versión", "このバージョンの評価に招待されていません"),
  scoresInvalid: texts("每项评分须为 1 到 5 分", "Each score must be from 1 to 5", "Cada puntuación debe ir de 1 a 5", "各評価は 1〜5 点です"),
  expertUnknown: texts("所邀请的专家不存在", "That expert does not exist", "Ese experto no existe", "その専門家は存在しません"),
  evaluationClosed: texts(
    "只有待审核的版本可以邀请或评估",
    "Only a version waiting for review can be evaluated",
    "Solo una versión pendiente de revisión puede evaluarse",
    "審査待ちのバージョンだけを評価できます",
  ),
} satisfies Record<string, Texts>;

/** Desktop client releases' refusals by key (common/forms/client-release.ts), in the four languages. */
export const clientReleaseTexts = {
  versionRequired: texts("请填写版本号", "Enter the version", "Escriba la versión", "バージョンを入力してください"),
  kindsInvalid: texts("更新内容无效", "Unknown kind of update", "Tipo de actualización desconocido", "不明な更新内容です"),
  versionInvalid: texts(
    "版本号须为 1 到 40 个字符，只含字母、数字和 . + _ -",
    "The version needs 1 to 40 characters: letters, digits and . + _ -",
    "La versión necesita de 1 a 40 caracteres: letras, dígitos y . + _ -",
    "バージョンは 1〜40 文字で、英数字と . + _ - だけが使えます",
  ),
  platformInvalid: texts("请选择适用平台", "Choose the platform", "Elija la plataforma", "対応プラットフォームを選んでください"),
  kindsRequired: texts("请至少选择一种更新内容", "Choose at least one kind of update", "Elija al menos un tipo de actualización", "更新内容を少なくとも 1 つ選んでください"),
  notesTooLong: texts("更新说明不能超过 2000 个字符", "The release notes can have at most 2,000 characters", "Las notas admiten como máximo 2000 caracteres", "リリースノートは 2000 文字以内です"),
  fileRequired: texts("请选择要发布的文件", "Choose the file to publish", "Elija el archivo que publicará", "公開するファイルを選んでください"),
  fileTooLarge: texts("文件不能超过 100 MiB", "The file cannot be larger than 100 MiB", "El archivo no puede superar 100 MiB", "ファイルは 100 MiB 以内です"),
  fileType: texts(
    "不支持该文件类型；可发布 .exe .msi .msix .zip .7z .dmg .pkg .AppImage .deb .rpm .tar.gz .pdf .png .jpg",
    "That file type is not accepted; publish .exe .msi .msix .zip .7z .dmg .pkg .AppImage .deb .rpm .tar.gz .pdf .png or .jpg",
    "Ese tipo de archivo no se admite; publique .exe .msi .msix .zip .7z .dmg .pkg .AppImage .deb .rpm .tar.gz .pdf .png o .jpg",
    "このファイル形式は受け付けません。.exe .msi .msix .zip .7z .dmg .pkg .AppImage .deb .rpm .tar.gz .pdf .png .jpg を公開できます",
  ),
  fileMismatch: texts("文件内容与扩展名不符", "The file's contents do not match its extension", "El contenido del archivo no corresponde a su extensión", "ファイルの内容が拡張子と一致しません"),
  taken: texts(
    "该平台已发布此版本；请先撤下旧文件或提高版本号",
    "This version is already published for that platform; withdraw it first or raise the version",
    "Esta versión ya está publicada para esa plataforma; retírela primero o suba la versión",
    "このプラットフォームではこのバージョンを公開済みです。先に取り下げるか、バージョンを上げてください",
  ),
  notFound: texts(
    "该客户端文件不存在或已撤下",
    "That client file does not exist or was withdrawn",
    "Ese archivo del cliente no existe o se retiró",
    "そのクライアントファイルは存在しないか取り下げられました",
  ),
} satisfies Record<(typeof CLIENT_RELEASE_ERRORS)[number] | "notFound", Texts>;
