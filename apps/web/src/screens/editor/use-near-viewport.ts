import { useEffect, useState } from 'react';

/** True once the element comes within `margin` of the viewport (and stays true): pages render lazily. */
export function useNearViewport(ref: React.RefObject<HTMLElement | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
