import { messages } from "@vn/contract";
import type { Metadata } from "next";
import { SettingsView } from "@/features/settings/SettingsView";

export const metadata: Metadata = { title: messages.settingsTitle, robots: { index: false } };

export default function SettingsPage() {
  return <SettingsView />;
}
