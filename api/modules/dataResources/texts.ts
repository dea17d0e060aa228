import type { SearchError } from "../../../common/grade-search.ts";
import { MAX_ELEMENT_CONDITIONS } from "../../../common/steel-grades.ts";
import { texts, type Texts } from "../../http/messages.ts";

/** The refusals of the DataResource/* and MatdaoSSO/* calls; the pages have the same under `dataResource.errors`. */
export const dataResourceTexts: Record<SearchError | "gradeNotFound" | "resourceNotFound" | "nameRequired" | "nameTaken" | "nameTooLong" | "kindInvalid" | "linkOrFile" | "urlInvalid" | "fileInvalid" | "descriptionTooLong" | "stale" | "entryUnknown" | "ssoNotConfigured", Texts> = {
  elementUnknown: texts("请选择列表中的元素", "Choose an element from the list", "Elija un elemento de la lista", "一覧から元素を選んでください"),
  elementTwice: texts("同一元素只能设置一个范围", "Give each element one range only", "Indique un solo intervalo por elemento", "同じ元素の範囲は一つだけ指定してください"),
  numberInvalid: texts("请输入数字，如 0.15", "Enter a number, such as 0.15", "Introduzca un número, como 0.15", "0.15 のように数値を入力してください"),
  rangeOrder: texts("最小值不能大于最大值", "The minimum cannot be greater than the maximum", "El mínimo no puede ser mayor que el máximo", "最小値は最大値以下にしてください"),
  tooManyConditions: texts(
    `最多设置 ${MAX_ELEMENT_CONDITIONS} 个元素条件`,
    `At most ${MAX_ELEMENT_CONDITIONS} element conditions`,
    `Como máximo ${MAX_ELEMENT_CONDITIONS} condiciones de elementos`,
    `元素の条件は ${MAX_ELEMENT_CONDITIONS} 個までです`,
  ),
  propertyUnknown: texts("请选择要检索的性能", "Choose the property to search", "Elija la propiedad que busca", "検索する特性を選んでください"),
  gradeNotFound: texts("该牌号不存在", "There is no such grade", "No existe ese grado", "その鋼種はありません"),
  resourceNotFound: texts("该数据资源不存在", "There is no such data resource", "No existe ese recurso de datos", "そのデータ資源はありません"),
  nameRequired: texts("请输入资源名称", "Enter the resource's name", "Introduzca el nombre del recurso", "資源名を入力してください"),
  nameTaken: texts("已有同名的数据资源", "Another data resource has that name", "Otro recurso de datos tiene ese nombre", "同じ名前のデータ資源があります"),
  nameTooLong: texts("资源名称长度不能超过100", "The name can have at most 100 characters", "El nombre admite como máximo 100 caracteres", "資源名は100文字以内です"),
  kindInvalid: texts("请选择资源类型", "Choose the kind of resource", "Elija el tipo de recurso", "資源の種類を選んでください"),
  linkOrFile: texts("请填写链接或上传数据文件", "Give a link or upload a data file", "Indique un enlace o suba un archivo de datos", "リンクを入力するかデータファイルをアップロードしてください"),
  urlInvalid: texts("请输入以 https:// 或 http:// 开头的链接", "Enter a link starting with https:// or http://", "Introduzca un enlace que empiece por https:// o http://", "https:// または http:// で始まるリンクを入力してください"),
  fileInvalid: texts("数据文件不存在或不属于您", "The data file does not exist or is not yours", "El archivo de datos no existe o no es suyo", "データファイルが存在しないか、あなたのものではありません"),
  descriptionTooLong: texts("资源简介长度不能超过2000", "The description can have at most 2,000 characters", "La descripción admite como máximo 2000 caracteres", "説明は2000文字以内です"),
  stale: texts("该资源已被他人修改，请重新打开后再保存", "Someone changed this resource meanwhile: reopen it, then save", "Otra persona cambió este recurso: vuelva a abrirlo y guarde", "この資源は他の人が変更しました。開き直してから保存してください"),
  entryUnknown: texts("没有这个外部数据入口", "There is no such external entry", "No existe esa entrada externa", "その外部入口はありません"),
  ssoNotConfigured: texts("未配置 Matdao 单点登录，请联系管理员", "Single sign-on to Matdao is not set up: ask an administrator", "El inicio de sesión único con Matdao no está configurado: consulte a un administrador", "Matdao のシングルサインオンが設定されていません。管理者に連絡してください"),
};
