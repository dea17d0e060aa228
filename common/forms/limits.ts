/**
 * Field limits of the forms in this folder, kept apart from the zod schemas so a page can put them on its
 * inputs (maxLength) without bringing zod into the browser's bundle.
 */
export const DEPARTMENT_LIMITS = { name: 50, code: 30, leader: 50, phone: 20, sortMax: 9999 } as const;
export const ENTERPRISE_LIMITS = { name: 100, contact: 50, phone: 20, address: 200 } as const;
export const PERSON_LIMITS = { userName: 30, realName: 50, email: 100 } as const;
/** An Excel import of people (System/ImportPersons): the file's size and its rows. */
export const PERSON_IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;
/** A research project (Project/SaveProject). Rich-text description in characters of sanitised HTML. */
export const PROJECT_LIMITS = { code: 40, name: 100, funding: 100, description: 20_000, budgetMax: 10_000_000 } as const;
/** Data resources a SystemAdmin adds (/dataResource/resourceEdit). */
export const DATA_RESOURCE_LIMITS = { name: 100, description: 2_000, url: 500 } as const;
/** Test detection (/testDetection, docs/detection.md): detection projects and task orders. */
export const DETECTION_LIMITS = { code: 40, name: 100, standards: 500, description: 200, grade: 40, heatNo: 40, form: 40, condition: 60, note: 1_000, lines: 200, reason: 500, storage: 100, pattern: 40, labels: 1_000, equipment: 100, resultText: 500, csvBytes: 1024 * 1024, csvRows: 2_000, photoBytes: 10 * 1024 * 1024, caption: 200 } as const;

/** The equipment form's fields (docs/equipment.md). */
export const EQUIPMENT_LIMITS = { name: 100, model: 60, maker: 100, serial: 60, location: 100, note: 1_000, methods: 20, files: 20 } as const;

/** A material and its process steps (docs/materials.md). */
export const MATERIAL_LIMITS = { code: 40, grade: 40, heatNo: 40, supplier: 100, form: 40, dimensions: 100, condition: 100, note: 1_000, steps: 30, title: 100, medium: 60, stepNote: 300 } as const;
