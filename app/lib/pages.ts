/**
 * The pages this web serves behind login. The sidebar shows a resource only when its page is here, so the
 * menu grows with the pages and never leads to a page that does not exist yet. Add a page's path when
 * its route lands. Lowercase.
 */
export const IMPLEMENTED_PAGES = new Set<string>([
  "/computedynamicroute/index",
  "/myinfo/index",
  "/myinfo/bindwxresult",
  "/infocenter/index",
  "/infocenter/noticecenter",
  "/infocenter/noticedetail",
  "/infocenter/userinfodetail",
  "/systemmanage/noticemanager",
  "/systemmanage/noticeedit",
  "/feedback",
  "/systemmanage/feedback",
  "/myalltask/index",
  "/taskmanagement/computetask",
  // The task page (reached from the forms, task lists and the info centre's messages; hidden in the menu).
  "/steelresearchcompute/computetasksource",
  // The compute category pages (/steelResearchCompute/<Category>, all twelve) and the submit forms.
  ...["FirstPrinciples", "CALPHAD", "Spread", "Precipitation", "Multiphase", "Limited", "Fluid", "Coupling", "DatabaseResources", "Localization", "Other", "CAD"].map(
    (c) => `/steelresearchcompute/${c.toLowerCase()}`,
  ),
  "/steelresearchcompute/cloudcompute",
  "/steelresearchcompute/instructionmodecompute",
  // The software catalogue and an app's documentation (hidden in the menu, reached from the catalogue).
  "/steelresearchcompute/oiindex",
  "/steelresearchcompute/oidetail",
  // Compute resources (live) and the usage statistics.
  "/supercomputeresource/index",
  "/resourcemanagement/softwareusagestatistics",
  // System administration (docs/system.md).
  "/systemmanage/deptmangae",
  "/systemmanage/enterprisemanager",
  "/systemmanage/enterpriseinfo",
  "/systemmanage/personmanage",
  "/systemmanage/rolemanage",
  "/systemmanage/constantmanage",
  "/systemmanage/cachemanage",
  "/systemmanage/datastatistics",
  "/systemmanage/loginlog",
  "/systemmanage/operationlog",
  "/systemmanage/onlinesessions",
  // Research projects (docs/projects.md).
  "/myproject/myprojectlist",
  "/myproject/addmyproject",
  "/myproject/editmyproject",
  "/myproject/myprojectinfo",
  "/myproject/taskdatasource",
  "/systemmanage/myprojectsearch",
  "/systemmanage/mysoftdatatablesearch",
  // Data resources (docs/data-resources.md); /dataResource/open is the single-sign-on partners' entry.
  "/dataresource/index",
  "/dataresource/dataresourcelist",
  "/dataresource/dataresourcelist2",
  "/dataresource/dataresourcedetails",
  "/dataresource/resourceedit",
  "/dataresource/open",
  // Test detection (docs/detection.md).
  "/testdetectiondashboard/index",
  "/testdetection/sampleid",
  "/testdetection/steelnky",
  "/testdetection/mytestdata/testreport",
  "/testdetection/mytestdata/mytestdatatable",
  // Test data (docs/test-data.md): where the records came from, the similar-data search's four modes, the
  // administrators' records search.
  "/testdetection/testdatasourse",
  "/testdetection/documentdata",
  "/testdetection/mytestdata/mysimilardatatable",
  "/testdetection/mytestdata/mysimilardatatable2",
  "/testdetection/mytestdata/mysimilardatatable3",
  "/testdetection/mytestdata/mysimilardatatable4",
  "/systemmanage/mytestdatatablesearch",
  // The offline upload of test records (docs/test-data.md).
  "/dataupdate/offlinedataupload",
  "/dataupdate/myuploaddata",
  // Experimental equipment (docs/equipment.md).
  "/dataupdate/saveexperimentalequipment",
  "/dataupdate/myexperimentalequipment",
  "/dataupdate/equipmentstatistics",
  // Instrument data (docs/instrument-data.md): the files instruments send, and the instruments that send by token.
  "/dataupdate/myinstrumentdata",
  "/testdetection/newcloudequip",
  // Materials and their process (docs/materials.md).
  "/testdetection/operationmaterial",
  "/testdetection/editmaterial",
  "/testdetection/materialdetails",
  // The phone pages (below 992 px; the test-data tab page offers them there).
  "/testdetectionmobile/sampleid",
  "/testdetectionmobile/testreport",
  "/testdetectionmobile/myuploaddatamobile",
  "/testdetectionmobile/mytestdata/mytestdatatable",
  "/testdetectionmobile/mytestdata/datasource",
  "/testdetectionmobile/mytestdata/mytestdatamodify",
  // The app store (docs/app-store.md): the store, my uploaded apps with a version's page and the upload, the review.
  "/steelappdashboard/index",
  "/steelapp/myuploadapp",
  "/steelapp/appuploadadd",
  "/steelapp/appuploadedit",
  "/steelapp/myappmanager",
  "/steelapp/myapptask",
  "/steelapp/intructioconfirmrun",
  "/steelapp/expertevaapp",
  "/resourcemanagement/appusagestatistics",
  "/taskmanagement/apptask",
  // The document viewer (docs/documents.md; hidden in the menu, reached from the "view" links).
  "/documentview",
]);

export const isImplemented = (url: string) => IMPLEMENTED_PAGES.has(url.split(/[?#]/)[0].replace(/\/+$/, "").toLowerCase());
