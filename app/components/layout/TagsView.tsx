import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isAffixed, sameTag, type Tag } from "~/lib/tags";
import { Icon } from "./Icon";

/**
 * The opened pages as tabs (section 2): each closable tab has a close button, and the menu at the end acts
 * on the current tab (refresh, close, close others, close all). Every action is a small form posting to
 * /tags; the home tab is affixed and cannot be closed.
 */
export function TagsView({ tags, current }: { tags: Tag[]; current: string }) {
  const { t } = useTranslation();
  const currentAffixed = isAffixed(current);
  return (
    <div className="fe-tags" data-testid="tags-view">
      <ul className="fe-tags-list" aria-label={t("tags.label")}>
        {tags.map((tag) => {
          const here = sameTag(tag.path, current);
          return (
            <li key={tag.path} className={`fe-tag${here ? " is-current" : ""}${isAffixed(tag.path) ? " is-affixed" : ""}`}>
              <Link to={tag.path} aria-current={here ? "page" : undefined} title={tag.title}>
                {tag.title}
              </Link>
              {isAffixed(tag.path) ? null : (
                <Form method="post" action="/tags" className="fe-tag-close">
                  <input type="hidden" name="path" value={tag.path} />
                  <input type="hidden" name="current" value={current} />
                  <button type="submit" name="intent" value="close" aria-label={t("tags.closeTag", { title: tag.title })}>
                    <Icon name="close" size={12} />
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      <details className="fe-menu fe-tags-menu">
        <summary className="fe-ibtn" aria-label={t("tags.more")}>
          <Icon name="chevronDown" size={16} />
        </summary>
        <Form method="post" action="/tags" className="fe-menu-list fe-menu-right">
          <input type="hidden" name="path" value={current} />
          <input type="hidden" name="current" value={current} />
          <button type="submit" name="intent" value="refresh" className="fe-menu-item">
            <Icon name="refresh" size={16} />
            {t("tags.refresh")}
          </button>
          {currentAffixed ? null : (
            <button type="submit" name="intent" value="close" className="fe-menu-item">
              <Icon name="close" size={16} />
              {t("tags.close")}
            </button>
          )}
          <button type="submit" name="intent" value="closeOthers" className="fe-menu-item">
            <Icon name="more" size={16} />
            {t("tags.closeOthers")}
          </button>
          <button type="submit" name="intent" value="closeAll" className="fe-menu-item">
            <Icon name="close" size={16} />
            {t("tags.closeAll")}
          </button>
        </Form>
      </details>
    </div>
  );
}
