import { texts, type Texts } from "../../http/messages.ts";
import type { DepartmentError } from "../../../common/forms/department.ts";
import type { EnterpriseError } from "../../../common/forms/enterprise.ts";
import { DEPARTMENT_LIMITS as D, ENTERPRISE_LIMITS, PERSON_LIMITS as P } from "../../../common/forms/limits.ts";
import type { PersonError } from "../../../common/forms/person.ts";
import type { RoleGrantError } from "../../../common/forms/role-grants.ts";
import { validationTexts } from "../users/texts.ts";

/** The department form's messages, one per key of common/forms/department.ts; the web has the same in its `system` namespace. */
export const departmentTexts: Record<DepartmentError, Texts> = {
  invalid: texts("参数错误", "Invalid value", "Valor no válido", "値が正しくありません"),
  parentInvalid: texts("请选择正确的上级部门", "Choose a valid parent department", "Elija un departamento superior válido", "正しい上位部署を選択してください"),
  nameRequired: texts("请输入部门名称", "Enter the department's name", "Introduzca el nombre del departamento", "部署名を入力してください"),
  nameTooLong: texts(`部门名称长度不能超过${D.name}`, `The name can have at most ${D.name} characters`, `El nombre admite como máximo ${D.name} caracteres`, `部署名は${D.name}文字以内です`),
  codeTooLong: texts(`部门编码长度不能超过${D.code}`, `The code can have at most ${D.code} characters`, `El código admite como máximo ${D.code} caracteres`, `部署コードは${D.code}文字以内です`),
  codeInvalid: texts("部门编码只能包含字母、数字、下划线、点和短横线", "The code may contain only letters, digits, _ . and -", "El código solo admite letras, dígitos, _ . y -", "部署コードには英数字と _ . - のみ使えます"),
  leaderTooLong: texts(`负责人长度不能超过${D.leader}`, `The leader can have at most ${D.leader} characters`, `El responsable admite como máximo ${D.leader} caracteres`, `責任者は${D.leader}文字以内です`),
  phoneInvalid: texts("请输入正确的联系电话", "Enter a valid phone number", "Introduzca un teléfono válido", "正しい電話番号を入力してください"),
  sortInvalid: texts(`排序须为 0 到 ${D.sortMax} 的整数`, `Order must be a whole number from 0 to ${D.sortMax}`, `El orden debe ser un entero de 0 a ${D.sortMax}`, `並び順は 0〜${D.sortMax} の整数です`),
  nameTaken: texts("同一上级部门下已有同名部门", "A department of that name already exists under the same parent", "Ya existe un departamento con ese nombre bajo el mismo superior", "同じ上位部署に同名の部署があります"),
  codeTaken: texts("部门编码已被使用", "That code is already used by another department", "Ese código ya lo usa otro departamento", "その部署コードは既に使われています"),
  parentMissing: texts("上级部门不存在", "The parent department does not exist", "El departamento superior no existe", "上位部署が存在しません"),
  parentCycle: texts("不能将部门移动到它自己或它的下级部门之下", "A department cannot be moved under itself or one of its sub-departments", "Un departamento no puede moverse bajo sí mismo ni bajo uno de sus subdepartamentos", "部署を自分自身やその下位部署の下へは移動できません"),
  stale: texts("该部门已被他人修改，请刷新后重试", "Someone changed this department since you opened it; reload it and try again", "Alguien cambió este departamento desde que lo abrió; recárguelo e inténtelo de nuevo", "開いた後に他のユーザーがこの部署を変更しました。再読み込みしてやり直してください"),
  notFound: texts("部门不存在", "No such department", "No existe ese departamento", "部署が存在しません"),
  hasChildren: texts("该部门下还有 {n} 个下级部门，不能删除", "The department still has {n} sub-department(s); move or delete them first", "El departamento aún tiene {n} subdepartamento(s); muévalos o elimínelos primero", "下位部署が {n} 件あるため削除できません。先に移動または削除してください"),
  hasPeople: texts("该部门下还有 {n} 名人员，不能删除", "{n} person(s) still belong to the department; move them first", "{n} persona(s) aún pertenecen al departamento; muévalas primero", "所属する人員が {n} 名いるため削除できません。先に異動させてください"),
};

/** A text with its `{name}` placeholders filled in, in every language. */
export function fill(t: Texts, vars: Record<string, string | number>): Texts {
  const f = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
  return { zh: f(t.zh), en: f(t.en), es: f(t.es), ja: f(t.ja) };
}

const E = ENTERPRISE_LIMITS;
/** The enterprise form's messages (common/forms/enterprise.ts); the web has the same in its `system` namespace. */
export const enterpriseTexts: Record<EnterpriseError, Texts> = {
  invalid: departmentTexts.invalid,
  nameRequired: texts("请输入企业名称", "Enter the organisation's name", "Introduzca el nombre de la organización", "組織名を入力してください"),
  nameTooLong: texts(`企业名称长度不能超过${E.name}`, `The name can have at most ${E.name} characters`, `El nombre admite como máximo ${E.name} caracteres`, `組織名は${E.name}文字以内です`),
  creditCodeInvalid: texts("请输入正确的统一社会信用代码", "Enter a valid unified social credit code (18 characters)", "Introduzca un código de crédito social unificado válido (18 caracteres)", "正しい統一社会信用コード（18桁）を入力してください"),
  contactTooLong: texts(`联系人长度不能超过${E.contact}`, `The contact can have at most ${E.contact} characters`, `El contacto admite como máximo ${E.contact} caracteres`, `連絡先担当者は${E.contact}文字以内です`),
  phoneInvalid: departmentTexts.phoneInvalid,
  addressTooLong: texts(`地址长度不能超过${E.address}`, `The address can have at most ${E.address} characters`, `La dirección admite como máximo ${E.address} caracteres`, `住所は${E.address}文字以内です`),
  nameTaken: texts("已有同名企业", "An organisation of that name already exists", "Ya existe una organización con ese nombre", "同名の組織が既にあります"),
  creditCodeTaken: texts("该统一社会信用代码已被其他企业使用", "Another organisation already has that credit code", "Otra organización ya tiene ese código", "その統一社会信用コードは他の組織で使われています"),
  stale: texts("该企业已被他人修改，请刷新后重试", "Someone changed this organisation since you opened it; reload it and try again", "Alguien cambió esta organización desde que la abrió; recárguela e inténtelo de nuevo", "開いた後に他のユーザーがこの組織を変更しました。再読み込みしてやり直してください"),
  notFound: texts("企业不存在", "No such organisation", "No existe esa organización", "組織が存在しません"),
  hasPeople: texts("该企业下还有 {n} 名人员，不能删除", "{n} person(s) still belong to the organisation; move them first", "{n} persona(s) aún pertenecen a la organización; muévalas primero", "所属する人員が {n} 名いるため削除できません"),
};

/** The person form's messages (common/forms/person.ts); zh of the section 5 rules verbatim. */
export const personTexts: Record<PersonError, Texts> = {
  invalid: departmentTexts.invalid,
  usernameRequired: validationTexts.usernameRequired,
  userNameTooLong: texts(`用户名长度不能超过${P.userName}`, `The user name can have at most ${P.userName} characters`, `El nombre de usuario admite como máximo ${P.userName} caracteres`, `ユーザー名は${P.userName}文字以内です`),
  userNameInvalid: texts("用户名只能包含字母、数字和 . _ - @，且以字母或数字开头", "A user name may contain letters, digits and . _ - @, starting with a letter or digit", "El nombre de usuario solo admite letras, dígitos y . _ - @, y empieza por letra o dígito", "ユーザー名には英数字と . _ - @ が使え、英数字で始めます"),
  realNameRequired: texts("请输入姓名", "Enter the person's name", "Introduzca el nombre de la persona", "氏名を入力してください"),
  realNameTooLong: texts(`姓名长度不能超过${P.realName}`, `The name can have at most ${P.realName} characters`, `El nombre admite como máximo ${P.realName} caracteres`, `氏名は${P.realName}文字以内です`),
  mobileInvalid: validationTexts.mobileInvalid,
  emailInvalid: validationTexts.emailInvalid,
  idCardInvalid: validationTexts.idCardInvalid,
  genderInvalid: texts("请选择性别", "Choose a gender", "Elija un género", "性別を選択してください"),
  departmentInvalid: texts("请选择正确的部门", "Choose a valid department", "Elija un departamento válido", "正しい部署を選択してください"),
  enterpriseInvalid: texts("请选择正确的企业", "Choose a valid organisation", "Elija una organización válida", "正しい組織を選択してください"),
  rolesInvalid: texts("角色不存在", "Unknown role", "Rol desconocido", "存在しないロールです"),
  rolesRequired: texts("请至少选择一个角色", "Choose at least one role", "Elija al menos un rol", "ロールを1つ以上選択してください"),
  userNameTaken: texts("用户名“{value}”已被使用", "The user name “{value}” is already taken", "El nombre de usuario «{value}» ya está en uso", "ユーザー名「{value}」は既に使われています"),
  mobileTaken: texts("手机号 {value} 已被使用", "The mobile number {value} already belongs to another person", "El móvil {value} ya pertenece a otra persona", "携帯番号 {value} は既に他の人が使っています"),
  departmentMissing: texts("部门不存在", "No such department", "No existe ese departamento", "部署が存在しません"),
  enterpriseMissing: texts("企业不存在", "No such organisation", "No existe esa organización", "組織が存在しません"),
  outOfScope: texts("该人员不在您的管理范围内", "This person is outside what you manage", "Esta persona está fuera de lo que usted administra", "この人員はあなたの管理範囲外です"),
  rolesForbidden: texts("您不能授予或撤销管理员角色", "You cannot grant or take away administrator roles", "No puede conceder ni retirar roles de administrador", "管理者ロールの付与や取り消しはできません"),
  lastSystemAdmin: texts("不能停用或撤销最后一位系统管理员", "The last system administrator cannot be disabled or lose the role", "El último administrador del sistema no puede desactivarse ni perder el rol", "最後のシステム管理者は無効化やロールの取り消しができません"),
  notSelf: texts("不能停用自己的账号", "You cannot disable your own account", "No puede desactivar su propia cuenta", "自分のアカウントは無効にできません"),
  mobileRequiredForSms: texts("该人员没有手机号，无法通过短信发送密码", "This person has no mobile number to send the password to", "Esta persona no tiene móvil al que enviar la contraseña", "携帯番号がないため SMS でパスワードを送れません"),
  stale: texts("该人员信息已被他人修改，请刷新后重试", "Someone changed this person since you opened them; reload and try again", "Alguien cambió esta persona desde que la abrió; recárguela e inténtelo de nuevo", "開いた後に他のユーザーがこの人員を変更しました。再読み込みしてやり直してください"),
  notFound: texts("人员不存在", "No such person", "No existe esa persona", "人員が存在しません"),
};

/** The online sessions page's refusals (System/EndSession). */
export const sessionTexts = {
  notFound: texts("该会话不存在或已结束", "No such session, or it has already ended", "No existe esa sesión o ya terminó", "そのセッションは存在しないか終了しています"),
  own: texts("不能在此结束自己的当前会话，请使用退出登录", "Your own current session is ended by logging out", "Su propia sesión actual se cierra cerrando sesión", "自分の現在のセッションはログアウトで終了してください"),
};

/** The grants page's messages (common/forms/role-grants.ts); the web has the same in its `system` namespace. */
export const roleGrantTexts: Record<RoleGrantError, Texts> = {
  invalid: departmentTexts.invalid,
  roleInvalid: texts("角色不存在", "No such role", "No existe ese rol", "そのロールは存在しません"),
  pageUnknown: texts("页面不存在", "No such page", "No existe esa página", "そのページは存在しません"),
  groupHidden: texts(
    "显示此页面须同时显示它所在的上级菜单",
    "A page is shown only with its group: show the group too, or hide the page",
    "Una página solo se muestra con su grupo: muestre también el grupo u oculte la página",
    "このページを表示するには上位メニューも表示してください",
  ),
  adminLockout: texts(
    "系统管理员必须保留“系统管理”和“角色权限”的读写权限，否则无人能再修改权限",
    "System administrators must keep Administration and Roles and grants with read and write, or nobody could change grants again",
    "Los administradores del sistema deben conservar Administración y Roles y permisos con lectura y escritura, o nadie podría volver a cambiar permisos",
    "システム管理者は「システム管理」と「ロールと権限」の読み書き権限を保持する必要があります（誰も権限を変更できなくなるため）",
  ),
  stale: texts(
    "该角色的权限已被他人修改，请刷新后重试",
    "Someone changed this role's grants since you opened them; reload and try again",
    "Alguien cambió los permisos de este rol desde que los abrió; recargue e inténtelo de nuevo",
    "開いた後に他のユーザーがこのロールの権限を変更しました。再読み込みしてやり直してください",
  ),
};
