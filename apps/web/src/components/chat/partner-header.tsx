import { PartyAvatar } from './party-avatar.tsx';

/** The thread's header: who the conversation is with. */
export function PartnerHeader({ title, subtitle, image }: { title: string; subtitle?: string | undefined; image?: string | null | undefined }) {
  return (
    <div className="d-flex align-items-center gap-2 min-w-0">
      <PartyAvatar name={subtitle ?? title} image={image} />
      <div className="min-w-0">
        <h2 className="h6 mb-0 text-truncate" data-testid="chat-partner">{title}</h2>
        {subtitle ? <p className="small text-body-secondary mb-0 text-truncate">{subtitle}</p> : null}
      </div>
    </div>
  );
}
