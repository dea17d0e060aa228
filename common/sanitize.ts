import sanitizeHtml from "sanitize-html";

/**
 * The one sanitiser for rich text (notices, feedback, replies): on the way into the database and again on
 * the way out to a page, so a row written before a rule tightened is still safe to show.
 *
 * Kept: the formatting the editor (Mantine tiptap) produces. Gone: scripts, event handlers, styles other
 * than text alignment, frames, forms, and every URL scheme but http(s)/mailto/tel on links. Images must be
 * our own attachments (`/attachment/<stored name>`): an outside image would tell a third party who read
 * the notice, and data: URLs would bloat rows past any sane limit.
 *
 * Server-only in practice (it pulls in an HTML parser): call it from loaders, actions and the API.
 */
const ATTACHMENT_IMG = /^\/attachment\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "strike", "del", "mark",
    "sub", "sup", "blockquote", "code", "pre", "ul", "ol", "li", "a", "img", "hr", "span",
    "table", "thead", "tbody", "tr", "th", "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    ol: ["start"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    p: ["style"],
    h1: ["style"], h2: ["style"], h3: ["style"], h4: ["style"], h5: ["style"], h6: ["style"],
  },
  allowedStyles: { "*": { "text-align": [/^(left|right|center|justify)$/] } },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside these is dropped with the tag, not kept as visible text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math", "template"],
  exclusiveFilter: (frame) => frame.tag === "img" && !ATTACHMENT_IMG.test(frame.attribs.src ?? ""),
  transformTags: {
    // Links leave the platform in a new tab that cannot reach back (window.opener) or see the referrer.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const external = /^https?:/i.test(href);
      const out: Record<string, string> = { ...attribs };
      if (external) {
        out.target = "_blank";
        out.rel = "noopener noreferrer nofollow";
      } else {
        delete out.target;
        delete out.rel;
      }
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html ?? "", OPTIONS).trim();
}

/** Whether sanitised HTML shows anything at all (text or an image), for "content required" rules. */
export function hasVisibleContent(html: string): boolean {
  const clean = sanitizeRichText(html);
  return /<img\s/i.test(clean) || sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, "") !== "";
}
