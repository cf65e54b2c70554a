<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ErrorBox</name>
    <message numerus="yes">
        <source>… and %n more line(s): see Show Details.</source>
        <translation>
            <numerusform>… and %n more line: see Show Details.</numerusform>
            <numerusform>… and %n more lines: see Show Details.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QuitPrompts</name>
    <message numerus="yes">
        <source>%n segment regeneration(s) belong to takes of this session and are dropped.</source>
        <translation>
            <numerusform>%n segment regeneration belongs to a take of this session and is dropped.</numerusform>
            <numerusform>%n segment regenerations belong to takes of this session and are dropped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) of the last session are waiting. Queue them again? They run once a model is loaded.</source>
        <translation>
            <numerusform>%n job of the last session is waiting. Queue it again? It runs once a model is loaded.</numerusform>
            <numerusform>%n jobs of the last session are waiting. Queue them again? They run once a model is loaded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) restored from the last session.</source>
        <translation>
            <numerusform>%n job restored from the last session.</numerusform>
            <numerusform>%n jobs restored from the last session.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) could not be restored:</source>
        <translation>
            <numerusform>%n job could not be restored:</numerusform>
            <numerusform>%n jobs could not be restored:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) of other programs through the local speech server end with CosyStudio.</source>
        <translation>
            <numerusform>%n request of other programs through the local speech server ends with CosyStudio.</numerusform>
            <numerusform>%n requests of other programs through the local speech server end with CosyStudio.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) are still running or waiting. Keep them to run when CosyStudio starts next (a running job goes on where it stopped; a dubbing starts over), or drop them?</source>
        <translation>
            <numerusform>%n job is still running or waiting. Keep it to run when CosyStudio starts next (a running job goes on where it stopped; a dubbing starts over), or drop it?</numerusform>
            <numerusform>%n jobs are still running or waiting. Keep them to run when CosyStudio starts next (a running job goes on where it stopped; a dubbing starts over), or drop them?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowSpeechServer</name>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n request</numerusform>
            <numerusform>%n requests</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::BookPanel</name>
    <message numerus="yes">
        <source>%1 · %n chapter(s) · %2</source>
        <translation>
            <numerusform>%1 · %n chapter · %2</numerusform>
            <numerusform>%1 · %n chapters · %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n chapter(s) made</source>
        <translation>
            <numerusform>%1 of %n chapter made</numerusform>
            <numerusform>%1 of %n chapters made</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n chapter(s) made; %2 to go in this run</source>
        <translation>
            <numerusform>%1 of %n chapter made; %2 to go in this run</numerusform>
            <numerusform>%1 of %n chapters made; %2 to go in this run</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n chapter(s) made; %2 made from other text or settings</source>
        <translation>
            <numerusform>%1 of %n chapter made; %2 made from other text or settings</numerusform>
            <numerusform>%1 of %n chapters made; %2 made from other text or settings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::HistoryPanel</name>
    <message numerus="yes">
        <source>%n earlier take(s) could not be read back: %1</source>
        <translation>
            <numerusform>%n earlier take could not be read back: %1</numerusform>
            <numerusform>%n earlier takes could not be read back: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ModelDownloadDialog</name>
    <message numerus="yes">
        <source>%n file(s), %1 in all; %2 to download into %3.</source>
        <translation>
            <numerusform>%n file, %1 in all; %2 to download into %3.</numerusform>
            <numerusform>%n files, %1 in all; %2 to download into %3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::SettingsDialog</name>
    <message numerus="yes">
        <source>all %n core(s)</source>
        <translation>
            <numerusform>all %n core</numerusform>
            <numerusform>all %n cores</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::TakeExport</name>
    <message numerus="yes">
        <source>; %n short of the loudness target (see each file&apos;s sidecar)</source>
        <translation>
            <numerusform>; %n of them short of the loudness target (see its sidecar)</numerusform>
            <numerusform>; %n of them short of the loudness target (see each file&apos;s sidecar)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n turned down so as not to clip</source>
        <translation>
            <numerusform>; %n turned down so as not to clip</numerusform>
            <numerusform>; %n turned down so as not to clip</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n take(s) to %1</source>
        <translation>
            <numerusform>Exported %n take to %1</numerusform>
            <numerusform>Exported %n takes to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::TextPanel</name>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n character</numerusform>
            <numerusform>%n characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::WindowJobs</name>
    <message numerus="yes">
        <source>Dubbing %n cue(s) of %1</source>
        <translation>
            <numerusform>Dubbing %n cue of %1</numerusform>
            <numerusform>Dubbing %n cues of %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chapter(s) of %1 queued</source>
        <translation>
            <numerusform>%n chapter of %1 queued</numerusform>
            <numerusform>%n chapters of %1 queued</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::WindowStatusBar</name>
    <message numerus="yes">
        <source>The model was unloaded after %n idle minute(s); it loads again for the next job.</source>
        <translation>
            <numerusform>The model was unloaded after %n idle minute; it loads again for the next job.</numerusform>
            <numerusform>The model was unloaded after %n idle minutes; it loads again for the next job.</numerusform>
        </translation>
    </message>
</context>
</TS>
