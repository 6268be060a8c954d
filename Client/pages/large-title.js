/// A page's large title, as a phone's navigation bar has it: the page's one `<h1>`, large under
/// the bar while it is in view; once it has scrolled under the bar, the bar shows the same title
/// small and centred. The bar's copy (`header .nav-title`) is hidden from screen readers, so the
/// `<h1>` stays the page's one heading; the stylesheet draws both states by
/// `<body data-title="small">`. A training page's `<h1>` is visually hidden: it has no large
/// title to collapse.

/** @type {IntersectionObserver | null} */
let observer = null;

/**
 * Watches the shown page's title (called for each page shown; the last page's watch ends).
 * @param {HTMLElement} main
 */
export function watchLargeTitle(main) {
  observer?.disconnect();
  observer = null;
  delete document.body.dataset.title;
  const nav = document.querySelector('header nav');
  nav?.querySelector('.nav-title')?.remove();
  const title = main.querySelector('h1:not(.visually-hidden)');
  if (!nav || !title || typeof IntersectionObserver !== 'function') return;
  const small = document.createElement('span');
  small.className = 'nav-title';
  small.setAttribute('aria-hidden', 'true');
  small.textContent = title.textContent;
  nav.append(small);
  const bar = Math.ceil(document.querySelector('header')?.getBoundingClientRect().height ?? 0);
  observer = new IntersectionObserver(([entry]) => {
    const under = !entry.isIntersecting && entry.boundingClientRect.top < bar;
    if (under) document.body.dataset.title = 'small';
    else delete document.body.dataset.title;
  }, { rootMargin: `-${bar}px 0px 0px 0px` });
  observer.observe(title);
}
