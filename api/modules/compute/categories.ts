import type { Db } from "../../db/index.ts";

/** A computation category of the specification (section 1); `category` is also the route segment below /steelResearchCompute. */
export interface ComputeCategory {
  category: string;
  categoryText: string;
  /** One sentence: what a researcher computes there. */
  description: string;
  icon: string;
  sort: number;
}

/** The twelve categories, in menu order. */
export const COMPUTE_CATEGORIES: readonly ComputeCategory[] = [
  { category: "FirstPrinciples", categoryText: "第一性原理", icon: "atom", description: "基于密度泛函理论计算材料的电子结构、晶格常数、弹性常数和缺陷形成能。" },
  { category: "CALPHAD", categoryText: "相图计算", icon: "phase-diagram", description: "利用热力学数据库计算多元合金的相图、相平衡和相变温度。" },
  { category: "Spread", categoryText: "扩散", icon: "diffusion", description: "模拟合金元素在基体中的扩散，预测渗碳、渗氮和均匀化处理后的成分分布。" },
  { category: "Precipitation", categoryText: "析出", icon: "precipitate", description: "预测热处理过程中析出相的形核、长大和粗化，给出析出相尺寸和体积分数随时间的变化。" },
  { category: "Multiphase", categoryText: "多相", icon: "multiphase", description: "用相场等方法模拟凝固和固态相变中的多相组织演变。" },
  { category: "Limited", categoryText: "有限元", icon: "mesh", description: "用有限元方法分析构件在轧制、锻造、焊接等工况下的应力、应变和温度场。" },
  { category: "Fluid", categoryText: "流体", icon: "fluid", description: "模拟冶炼和连铸过程中钢液的流动、传热和夹杂物运动。" },
  { category: "Coupling", categoryText: "耦合", icon: "coupling", description: "把热、力、组织等多物理场和多尺度模型耦合起来，进行全流程工艺仿真。" },
  { category: "DatabaseResources", categoryText: "数据库", icon: "database", description: "调用热力学、动力学和材料性能数据库，查询计算所需的基础数据。" },
  { category: "Localization", categoryText: "国产化", icon: "flag", description: "用国产自主计算软件完成材料计算，替代同类进口软件。" },
  { category: "Other", categoryText: "其他", icon: "more", description: "运行未归入以上类别的材料计算程序和自定义算法。" },
  { category: "CAD", categoryText: "CAD", icon: "cad", description: "进行零件和模具的三维建模与工程图绘制，为后续仿真准备几何模型。" },
].map((c, i) => ({ ...c, sort: (i + 1) * 10 }));

/** Upserts the categories by code on every start, so a new release's texts reach old databases; nothing is deleted. */
export async function seedComputeCategories(db: Db): Promise<void> {
  await db.query(
    `insert into compute_categories(category, category_text, description, icon, sort)
     select category, "categoryText", description, icon, sort
       from jsonb_to_recordset($1::jsonb) as x(category text, "categoryText" text, description text, icon text, sort int)
     on conflict (category) do update
        set category_text = excluded.category_text, description = excluded.description,
            icon = excluded.icon, sort = excluded.sort`,
    [JSON.stringify(COMPUTE_CATEGORIES)],
  );
}

export async function listComputeCategories(db: Db): Promise<ComputeCategory[]> {
  return db.query<ComputeCategory>(
    `select category, category_text as "categoryText", description, icon, sort
       from compute_categories order by sort, category`,
  );
}
