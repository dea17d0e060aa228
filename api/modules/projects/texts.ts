import { PROJECT_LIMITS as L } from "../../../common/forms/limits.ts";
import type { ProjectError } from "../../../common/forms/project.ts";
import { messages, texts, type Texts } from "../../http/messages.ts";
import { departmentTexts } from "../system/texts.ts";

/**
 * The project form's messages and the Project/* calls' refusals, one per key of common/forms/project.ts; the
 * web has the same under `project.errors`. `{used}` and `{n}` are filled in by `fill` (api/modules/system/texts.ts).
 */
export const projectTexts: Record<ProjectError, Texts> = {
  invalid: departmentTexts.invalid,
  codeRequired: texts("请输入项目编号", "Enter the project's code", "Introduzca el código del proyecto", "プロジェクト番号を入力してください"),
  codeTooLong: texts(`项目编号长度不能超过${L.code}`, `The code can have at most ${L.code} characters`, `El código admite como máximo ${L.code} caracteres`, `プロジェクト番号は${L.code}文字以内です`),
  codeInvalid: texts(
    "项目编号只能包含字母、数字、下划线、点和短横线，且以字母或数字开头",
    "The code may contain only letters, digits, _ . and -, starting with a letter or digit",
    "El código solo admite letras, dígitos, _ . y -, y empieza por letra o dígito",
    "プロジェクト番号には英数字と _ . - のみ使え、英数字で始めます",
  ),
  codeTaken: texts("项目编号已存在", "Another project already has that code", "Otro proyecto ya tiene ese código", "そのプロジェクト番号は既に使われています"),
  nameRequired: texts("请输入项目名称", "Enter the project's name", "Introduzca el nombre del proyecto", "プロジェクト名を入力してください"),
  nameTooLong: texts(`项目名称长度不能超过${L.name}`, `The name can have at most ${L.name} characters`, `El nombre admite como máximo ${L.name} caracteres`, `プロジェクト名は${L.name}文字以内です`),
  fundingTooLong: texts(`经费来源长度不能超过${L.funding}`, `The funding can have at most ${L.funding} characters`, `La financiación admite como máximo ${L.funding} caracteres`, `資金源は${L.funding}文字以内です`),
  startRequired: texts("请选择开始日期", "Choose the start date", "Elija la fecha de inicio", "開始日を選択してください"),
  endRequired: texts("请选择结束日期", "Choose the end date", "Elija la fecha de fin", "終了日を選択してください"),
  dateInvalid: texts("请输入正确的日期", "Enter a valid date (YYYY-MM-DD)", "Introduzca una fecha válida (AAAA-MM-DD)", "正しい日付を入力してください（YYYY-MM-DD）"),
  datesOrder: texts("结束日期不能早于开始日期", "The end date cannot be before the start date", "La fecha de fin no puede ser anterior a la de inicio", "終了日は開始日より前にできません"),
  leaderInvalid: texts("请选择正确的项目负责人", "Choose a valid project leader", "Elija un responsable del proyecto válido", "正しいプロジェクト責任者を選択してください"),
  descriptionTooLong: texts(
    `项目简介长度不能超过${L.description}`,
    `The description can have at most ${L.description} characters`,
    `La descripción admite como máximo ${L.description} caracteres`,
    `プロジェクト概要は${L.description}文字以内です`,
  ),
  budgetInvalid: texts(
    `核时预算须为 0 到 ${L.budgetMax} 之间的数字`,
    `The core-hour budget must be a number from 0 to ${L.budgetMax}`,
    `El presupuesto de horas-núcleo debe ser un número de 0 a ${L.budgetMax}`,
    `コア時間予算は 0〜${L.budgetMax} の数値です`,
  ),
  budgetBelowUsed: texts(
    "预算不能低于已使用的 {used} 核时",
    "The budget cannot be below the {used} core-hours already used",
    "El presupuesto no puede ser inferior a las {used} horas-núcleo ya usadas",
    "予算は既に使用した {used} コア時間を下回れません",
  ),
  stale: texts(
    "该项目已被他人修改，请刷新后重试",
    "Someone changed this project since you opened it; reload it and try again",
    "Alguien cambió este proyecto desde que lo abrió; recárguelo e inténtelo de nuevo",
    "開いた後に他のユーザーがこのプロジェクトを変更しました。再読み込みしてやり直してください",
  ),
  notFound: texts("项目不存在", "No such project", "No existe ese proyecto", "プロジェクトが存在しません"),
  // The platform's own refusal, word for word (api/http/messages.ts).
  notAllowed: messages.forbidden,
  userRequired: texts("请输入用户名或手机号", "Enter a user name or a mobile number", "Introduzca un nombre de usuario o un móvil", "ユーザー名または携帯番号を入力してください"),
  userUnknown: texts("未找到该用户", "No such user", "No existe ese usuario", "そのユーザーは見つかりません"),
  memberTwice: texts("该人员已是项目成员", "This person is already a member of the project", "Esta persona ya es miembro del proyecto", "この人は既にプロジェクトのメンバーです"),
  leaderIsMember: texts("项目负责人无需添加为成员", "The project leader is not added as a member", "El responsable del proyecto no se añade como miembro", "プロジェクト責任者はメンバーとして追加しません"),
  hasTasks: texts(
    "该项目已有 {n} 个计算任务，不能删除，可将其结题",
    "The project has {n} compute task(s) and cannot be deleted; close it instead",
    "El proyecto tiene {n} tarea(s) de cálculo y no puede eliminarse; ciérrelo en su lugar",
    "計算タスクが {n} 件あるため削除できません。代わりに終了にしてください",
  ),
};
