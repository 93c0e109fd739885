import { useState } from 'react';
import './avatar.css';

interface AvatarProps {
  url: string | undefined;
  name: string;
  size?: number;
}

function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  return letters.toUpperCase() || '?';
}

/** The user's photo, or their initials on a gradient when there is none (or it fails to load). */
export function Avatar({ url, name, size = 36 }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(url) && failedUrl !== url;
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}>
      {showImage ? (
        <img
          className="avatar__image"
          src={url}
          alt=""
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(url ?? null)}
        />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
