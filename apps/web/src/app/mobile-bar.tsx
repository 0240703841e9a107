export function MobileBar() {
  return null;
}
