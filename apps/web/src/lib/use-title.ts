import { useEffect } from 'react';

/** Sets the document title for the current screen ('… · Prodify'). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Prodify' ? title : `${title} · Prodify`;
  }, [title]);
}
