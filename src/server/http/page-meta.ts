// The link-preview tags of public pages (/e/{id}, /c/{slug}), put into the client's index.html:
// chat apps and social sites read them without running the app.

export type PageMeta = { title: string; tags: string[]; description: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

export type PreviewImage = {
  /** An absolute URL. */
  url: string;
  alt: string;
  /** Known for the generated share image; a stored cover's size is not kept. */
  width?: number;
  height?: number;
  /** A large picture (a cover, the share image) rather than a logo. */
  large: boolean;
};

/** Open Graph and Twitter card tags for one page, its canonical URL, and whether it is indexed. */
export function previewMeta(page: {
  /** The browser tab's title. */
  documentTitle: string;
  title: string;
  description: string;
  /** The page's canonical address (from APP_URL). */
  url: string;
  siteName: string;
  image: PreviewImage | string | null;
  /** Open Graph's type: `event` for an event's page. */
  type?: string;
  /** Keep the page out of search engines (it is shared by link only). */
  noindex?: boolean;
  /** Lines for the head after the tags (structured data). */
  extra?: string[];
}): PageMeta {
  const image =
    typeof page.image === "string" ? { url: page.image, alt: page.title, large: true } : page.image;
  const tags: [string, string, string][] = [
    ["property", "og:type", page.type ?? "website"],
    ["property", "og:title", page.title],
    ["property", "og:description", page.description],
    ["property", "og:url", page.url],
    ["property", "og:site_name", page.siteName],
    ["name", "twitter:card", image?.large ? "summary_large_image" : "summary"],
    ["name", "twitter:title", page.title],
    ["name", "twitter:description", page.description],
  ];
  if (image) {
    tags.push(["property", "og:image", image.url]);
    if (image.width && image.height)
      tags.push(
        ["property", "og:image:width", String(image.width)],
        ["property", "og:image:height", String(image.height)],
      );
    tags.push(
      ["property", "og:image:alt", image.alt],
      ["name", "twitter:image", image.url],
      ["name", "twitter:image:alt", image.alt],
    );
  }
  if (page.noindex) tags.push(["name", "robots", "noindex"]);
  return {
    title: page.documentTitle,
    tags: [
      `<link rel="canonical" href="${escapeHtml(page.url)}">`,
      ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
      ...(page.extra ?? []),
    ],
    description: page.description,
  };
}

export function injectMeta(html: string, meta: PageMeta) {
  const head = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    ...meta.tags,
  ].join("\n    ");
  // The shell's own title and site-wide description give way to the page's.
  const shell = html
    .replace(/<title>[\s\S]*?<\/title>/i, "")
    .replace(/\s*<meta\s+name=["']description["'][^>]*>/gi, "");
  return shell.includes("</head>")
    ? shell.replace("</head>", () => `    ${head}\n  </head>`)
    : `${head}\n${shell}`;
}
