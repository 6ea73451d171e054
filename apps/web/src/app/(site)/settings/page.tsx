import { sharedMessages } from "@vn/contract/messages/shared";
import type { Metadata } from "next";
import { SettingsView } from "@/features/settings/SettingsView";

export const metadata: Metadata = { title: sharedMessages.settingsTitle, robots: { index: false } };

export default function SettingsPage() {
  return <SettingsView />;
}
