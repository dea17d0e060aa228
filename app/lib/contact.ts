/**
 * The platform team's fixed contact details (section 2 "Footer": contact details are fixed texts). Numbers
 * and addresses are the same in every language; the address and hours are worded in common.json.
 */
export const CONTACT = {
  team: "Ferrum Platform Team",
  phone: "010-6208 2026",
  phoneIntl: "+861062082026",
  email: "service@ferrum-platform.cn",
};
