/** Small decorative icons; the text beside them carries the meaning. */
export function PinIcon() {
  return (
    <svg className="catalogue-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 0a5.5 5.5 0 0 0-5.5 5.5C2.5 9.6 8 16 8 16s5.5-6.4 5.5-10.5A5.5 5.5 0 0 0 8 0Zm0 7.75A2.25 2.25 0 1 1 8 3.25a2.25 2.25 0 0 1 0 4.5Z" />
    </svg>
  );
}

export function TruckIcon() {
  return (
    <svg className="catalogue-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M0 3.5A1.5 1.5 0 0 1 1.5 2h8A1.5 1.5 0 0 1 11 3.5V5h2.1a1.5 1.5 0 0 1 1.2.6l1.4 1.9c.2.3.3.6.3.9V11a1.5 1.5 0 0 1-1.5 1.5h-.55a2 2 0 0 1-3.9 0h-4.1a2 2 0 0 1-3.9 0H1.5A1.5 1.5 0 0 1 0 11V3.5ZM11 6v4.3a2 2 0 0 1 1.95 1.2h.55a.5.5 0 0 0 .5-.5V8.4L12.7 6.6a.5.5 0 0 0-.4-.2H11ZM3.5 11.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Zm8 0a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z" />
    </svg>
  );
}

export function ReturnIcon() {
  return (
    <svg className="catalogue-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M5.8 1.3a.75.75 0 0 1 0 1.06L4.16 4H10a5 5 0 0 1 0 10H6a.75.75 0 0 1 0-1.5h4a3.5 3.5 0 0 0 0-7H4.16L5.8 7.14a.75.75 0 1 1-1.06 1.06L1.8 5.27a.75.75 0 0 1 0-1.06L4.74 1.3a.75.75 0 0 1 1.06 0Z" />
    </svg>
  );
}

export function ShieldIcon() {
  return (
    <svg className="catalogue-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 0 1.5 2.5v5C1.5 11.6 4.3 14.9 8 16c3.7-1.1 6.5-4.4 6.5-8.5v-5L8 0Zm-1 11.2L3.8 8l1.06-1.06L7 9.08l4.14-4.14L12.2 6 7 11.2Z" />
    </svg>
  );
}
