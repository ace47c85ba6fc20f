import { FacebookIcon, InstagramIcon, TiktokIcon } from "./icons";

export interface SocialLinks {
  instagram: string;
  facebook: string;
  tiktok: string;
}

const NETWORKS = [
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "tiktok", label: "TikTok", Icon: TiktokIcon },
] as const;

/** The shop's social profiles (shop settings); a network without a URL is not shown. */
export function SocialLinksList({ socials, className }: { socials: SocialLinks; className?: string }) {
  const present = NETWORKS.filter((network) => socials[network.key]);
  if (present.length === 0) return null;
  return (
    <ul className={className} aria-label="Réseaux sociaux">
      {present.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={socials[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${label} (nouvel onglet)`}
          >
            <Icon size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
