// The link-preview tags of public pages (/e/{id}, /c/{slug}), put into the client's index.html:
// chat apps and social sites read them without running the app.

export type PageMeta = { title: string; tags: string[]; description: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/** Open Graph and Twitter card tags for one page; `image` is an absolute URL. */
export function previewMeta(page: {
  /** The browser tab's title. */
  documentTitle: string;
  title: string;
  description: string;
  url: string;
  siteName: string;
  image: string | null;
}): PageMeta {
  const { image } = page;
  const tags: [string, string, string][] = [
    ["property", "og:type", "website"],
    ["property", "og:title", page.title],
    ["property", "og:description", page.description],
    ["property", "og:url", page.url],
    ["property", "og:site_name", page.siteName],
    ["name", "twitter:card", image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", page.title],
    ["name", "twitter:description", page.description],
  ];
  if (image) tags.push(["property", "og:image", image], ["name", "twitter:image", image]);
  return {
    title: page.documentTitle,
    tags: tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`),
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
