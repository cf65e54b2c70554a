<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AppData</name>
    <message>
        <source>%1 could not be moved to %2.</source>
        <translation>无法将 %1 移动到 %2。</translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <source>Setting %1 = “%2” is %3; %4 is used instead.</source>
        <translation>设置 %1 = “%2” %3；改用 %4。</translation>
    </message>
    <message>
        <source>not %1 or %2</source>
        <translation>不是 %1 或 %2</translation>
    </message>
    <message>
        <source>not a language name</source>
        <translation>不是语言名称</translation>
    </message>
    <message>
        <source>not a whole number from %1 to %2</source>
        <translation>不是 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <source>the default</source>
        <translation>默认值</translation>
    </message>
    <message>
        <source>not an IP address</source>
        <translation>不是 IP 地址</translation>
    </message>
    <message>
        <source>the secret store no longer holds it</source>
        <translation>密钥存储中已没有它</translation>
    </message>
    <message>
        <source>not an http:// or https:// address</source>
        <translation>不是 http:// 或 https:// 地址</translation>
    </message>
</context>
<context>
    <name>BookImport</name>
    <message>
        <source>%1 has no text to speak.</source>
        <translation>%1 中没有可朗读的文字。</translation>
    </message>
    <message>
        <source>%1 is not an EPUB book: %2</source>
        <translation>%1 不是 EPUB 电子书：%2</translation>
    </message>
    <message>
        <source>%1 lacks %2, which the book names.</source>
        <translation>%1 缺少书中引用的 %2。</translation>
    </message>
    <message>
        <source>%1: %2 is damaged: %3</source>
        <translation>%1：%2 已损坏：%3</translation>
    </message>
    <message>
        <source>%1: %2 cannot be read (line %3): %4</source>
        <translation>%1：无法读取 %2（第 %3 行）：%4</translation>
    </message>
    <message>
        <source>%1: META-INF/container.xml names no package document.</source>
        <translation>%1：META-INF/container.xml 没有指明包文档。</translation>
    </message>
    <message>
        <source>%1: its package document lists no pages to read.</source>
        <translation>%1：其包文档中没有可朗读的页面。</translation>
    </message>
    <message>
        <source>Part %1</source>
        <translation>第 %1 部分</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is too large for a book: its pages come to more than %2 MB once unpacked.</source>
        <translation>%1 太大，不像一本书：其页面解压后超过 %2 MB。</translation>
    </message>
    <message>
        <source>%1 is too large for a book: it holds more than %2 MB of text.</source>
        <translation>%1 太大，不像一本书：其中文字超过 %2 MB。</translation>
    </message>
</context>
<context>
    <name>DubbingJob</name>
    <message>
        <source>%1 is a folder, not subtitles.</source>
        <translation>%1 是文件夹，不是字幕。</translation>
    </message>
    <message>
        <source>The subtitles %1 cannot be opened.</source>
        <translation>无法打开字幕 %1。</translation>
    </message>
    <message>
        <source>%1 is too large to be subtitles (%2 MB).</source>
        <translation>%1 太大（%2 MB），不像字幕文件。</translation>
    </message>
    <message>
        <source>%1 cannot be read as subtitles: line %2 is not what an SRT or WebVTT file holds there.</source>
        <translation>无法将 %1 读作字幕：第 %2 行不符合 SRT 或 WebVTT 文件在此处的格式。</translation>
    </message>
    <message>
        <source>%1 cannot be read as subtitles.</source>
        <translation>无法将 %1 读作字幕。</translation>
    </message>
    <message>
        <source>%1 holds no subtitles: no cue was found in it.</source>
        <translation>%1 中没有字幕：未找到任何一条字幕。</translation>
    </message>
    <message>
        <source>%1 cannot be dubbed: %2</source>
        <translation>无法为 %1 配音：%2</translation>
    </message>
    <message>
        <source>cue %1 was made faster, at speed %2, to fit its time</source>
        <translation>第 %1 条字幕已加快到 %2 倍语速以放进其时间段</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>&apos;%1&apos;: %2</source>
        <translation>“%1”：%2</translation>
    </message>
    <message>
        <source>file not found</source>
        <translation>找不到文件</translation>
    </message>
    <message>
        <source>is a folder, not an audio file</source>
        <translation>是文件夹，不是音频文件</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>unsupported or unrecognised audio format (%1); use WAV, FLAC, Ogg Vorbis, Opus or MP3</source>
        <translation>不支持或无法识别的音频格式（%1）；请使用 WAV、FLAC、Ogg Vorbis、Opus 或 MP3</translation>
    </message>
    <message>
        <source>unsupported audio encoding (%1)</source>
        <translation>不支持的音频编码（%1）</translation>
    </message>
    <message>
        <source>cannot be read (%1)</source>
        <translation>无法读取（%1）</translation>
    </message>
    <message>
        <source>corrupt or unreadable audio file (%1)</source>
        <translation>音频文件已损坏或无法读取（%1）</translation>
    </message>
    <message>
        <source>corrupt header (sample rate %1, %2 channels)</source>
        <translation>文件头已损坏（采样率 %1，%2 个声道）</translation>
    </message>
    <message>
        <source>sample rate %1 Hz is below the %2 Hz minimum; use a recording made at %3 kHz or more</source>
        <translation>采样率 %1 Hz 低于最低要求 %2 Hz；请使用 %3 kHz 或更高采样率的录音</translation>
    </message>
    <message>
        <source>the clip is %1 long; at most %2 is accepted, trim it</source>
        <translation>片段长 %1；最多接受 %2，请裁剪</translation>
    </message>
    <message>
        <source>the clip is %1 long; at least %2 is needed</source>
        <translation>片段长 %1；至少需要 %2</translation>
    </message>
    <message>
        <source>contains no audio samples</source>
        <translation>不含任何音频采样</translation>
    </message>
    <message>
        <source>sample %1 of channel %2 is not a finite number (NaN or Inf)</source>
        <translation>第 %2 声道的第 %1 个采样不是有限数（NaN 或 Inf）</translation>
    </message>
    <message>
        <source>the clip is longer than its header says and exceeds %1</source>
        <translation>片段比文件头所写的更长，超过了 %1</translation>
    </message>
    <message>
        <source>corrupt audio data after %1 frames (%2)</source>
        <translation>第 %1 帧之后的音频数据已损坏（%2）</translation>
    </message>
    <message>
        <source>nothing to write (the clip has no channels or no sample rate)</source>
        <translation>没有可写入的内容（片段没有声道或采样率）</translation>
    </message>
    <message>
        <source>cannot write a clip whose channels differ in length</source>
        <translation>无法写入各声道长度不同的片段</translation>
    </message>
    <message>
        <source>cannot be written (%1)</source>
        <translation>无法写入（%1）</translation>
    </message>
    <message>
        <source>write failed (%1)</source>
        <translation>写入失败（%1）</translation>
    </message>
    <message>
        <source>write failed while closing the file</source>
        <translation>关闭文件时写入失败</translation>
    </message>
    <message>
        <source>prompt clip: %1</source>
        <translation>参考片段：%1</translation>
    </message>
    <message>
        <source>the GPU reported an unrecoverable error; restart CosyStudio to use it again</source>
        <translation>GPU 报告了无法恢复的错误；请重新启动 CosyStudio 后再使用它</translation>
    </message>
    <message>
        <source>no model is loaded</source>
        <translation>尚未加载模型</translation>
    </message>
    <message>
        <source>the GPU failed while %1 and cannot be used again in this process; restart CosyStudio</source>
        <translation>GPU 在%1时出错，本进程中无法再使用它；请重新启动 CosyStudio</translation>
    </message>
    <message>
        <source>out of GPU memory while %1; the engine is still usable: try a shorter text, the CPU, or Reset engine</source>
        <translation>%1时 GPU 显存不足；引擎仍可使用：请尝试更短的文本、改用 CPU，或重置引擎</translation>
    </message>
    <message>
        <source>failed while %1: %2</source>
        <translation>%1时失败：%2</translation>
    </message>
    <message>
        <source>loading the model</source>
        <translation>加载模型</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>analysing the prompt clip</source>
        <translation>分析参考片段</translation>
    </message>
    <message>
        <source>choose or record a voice first</source>
        <translation>请先选择或录制一个声音</translation>
    </message>
    <message>
        <source>zero-shot cloning needs the transcript of the voice clip</source>
        <translation>零样本克隆需要声音片段的文字稿</translation>
    </message>
    <message>
        <source>instruct mode needs an instruction</source>
        <translation>指令模式需要一条指令</translation>
    </message>
    <message>
        <source>voice conversion needs a source clip</source>
        <translation>声音转换需要一个源片段</translation>
    </message>
    <message>
        <source>synthesising</source>
        <translation>合成</translation>
    </message>
    <message>
        <source>speed must be between 0.5 and 2.0, not %1</source>
        <translation>语速必须在 0.5 到 2.0 之间，而不是 %1</translation>
    </message>
    <message>
        <source>a speed other than 1.0 needs non-streaming synthesis</source>
        <translation>语速不为 1.0 时需要非流式合成</translation>
    </message>
    <message>
        <source>the text has nothing to speak after normalisation</source>
        <translation>文本经规范化后没有可朗读的内容</translation>
    </message>
    <message>
        <source>segment %1 does not exist (the text has %2)</source>
        <translation>第 %1 段不存在（文本共有 %2 段）</translation>
    </message>
    <message>
        <source>segment %1 has no text</source>
        <translation>第 %1 段没有文本</translation>
    </message>
    <message>
        <source>segment %1 needs at least %2 speech tokens, but after this prompt clip the flow takes %3: use a shorter prompt clip or a shorter text</source>
        <translation>第 %1 段至少需要 %2 个语音标记，但在这个参考片段之后，流模型只能再接受 %3 个：请使用更短的参考片段或更短的文本</translation>
    </message>
    <message>
        <source>segment %1 was still generating after %2 s and was stopped (generation ran away?): regenerate it with another seed</source>
        <translation>第 %1 段在 %2 秒后仍在生成，已被停止（生成失控？）：请换一个种子重新生成</translation>
    </message>
    <message>
        <source>cannot write voice file %1</source>
        <translation>无法写入声音文件 %1</translation>
    </message>
    <message>
        <source>cannot write voice file %1 (disk full?)</source>
        <translation>无法写入声音文件 %1（磁盘已满？）</translation>
    </message>
    <message>
        <source>channel %1 holds %2 samples, channel 1 %3</source>
        <translation>第 %1 声道有 %2 个采样，第 1 声道有 %3 个</translation>
    </message>
    <message>
        <source>source clip: %1</source>
        <translation>源片段：%1</translation>
    </message>
    <message>
        <source>the setting &quot;%1&quot; cannot be read: %2</source>
        <translation>无法读取设置“%1”：%2</translation>
    </message>
    <message>
        <source>the settings are not a JSON object</source>
        <translation>设置不是 JSON 对象</translation>
    </message>
    <message>
        <source>the setting &quot;%1&quot; is missing</source>
        <translation>缺少设置“%1”</translation>
    </message>
    <message>
        <source>the model produced no speech: it stopped at once (try another seed)</source>
        <translation>模型没有生成语音：它立即停止了（请换一个种子重试）</translation>
    </message>
    <message>
        <source>“%1” does not exist.</source>
        <translation>“%1”不存在。</translation>
    </message>
    <message>
        <source>“%1” is a folder, not an audio file.</source>
        <translation>“%1”是文件夹，不是音频文件。</translation>
    </message>
    <message>
        <source>“%1” holds no audio.</source>
        <translation>“%1”不含任何音频。</translation>
    </message>
    <message>
        <source>“%1” cannot be opened.</source>
        <translation>无法打开“%1”。</translation>
    </message>
    <message>
        <source>“%1” is not an audio file CosyStudio can read.</source>
        <translation>“%1”不是 CosyStudio 能读取的音频文件。</translation>
    </message>
    <message>
        <source>“%1” cannot be used: %2.</source>
        <translation>无法使用“%1”：%2。</translation>
    </message>
    <message>
        <source>in %1 of the script, &quot;%2&quot; is missing or not %3</source>
        <translation>脚本的 %1 中，“%2”缺失或不是%3</translation>
    </message>
    <message>
        <source>the script is not valid JSON: %1</source>
        <translation>脚本不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>this is not a CosyStudio script (no &quot;cosystudio_script&quot; field)</source>
        <translation>这不是 CosyStudio 脚本（没有“cosystudio_script”字段）</translation>
    </message>
    <message>
        <source>the script&apos;s format %1 is newer than this CosyStudio reads (%2)</source>
        <translation>脚本格式 %1 比本版 CosyStudio 能读取的（%2）更新</translation>
    </message>
    <message>
        <source>the script&apos;s cast names &quot;%1&quot; twice or not at all</source>
        <translation>脚本的角色表中“%1”重复出现或名字为空</translation>
    </message>
    <message>
        <source>line %1 of the script is spoken by &quot;%2&quot;, who is not in its cast</source>
        <translation>脚本第 %1 行由“%2”朗读，但角色表中没有此人</translation>
    </message>
    <message>
        <source>cannot read the script %1: %2</source>
        <translation>无法读取脚本 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>the voices of %1 cannot be found: re-link them</source>
        <translation>找不到 %1 的音色：请重新关联</translation>
    </message>
    <message>
        <source>the script has no lines</source>
        <translation>脚本中没有台词</translation>
    </message>
    <message>
        <source>line %1 of the script: a script speaks text, it cannot convert a voice</source>
        <translation>脚本第 %1 行：脚本只能朗读文字，不能做声音转换</translation>
    </message>
    <message>
        <source>line %1 of the script (%2): %3</source>
        <translation>脚本第 %1 行（%2）：%3</translation>
    </message>
    <message>
        <source>the subtitles have no cues</source>
        <translation>字幕中没有任何字幕条</translation>
    </message>
    <message>
        <source>dubbing speaks the subtitles&apos; text, it cannot convert a voice</source>
        <translation>配音朗读字幕的文字，不能做声音转换</translation>
    </message>
    <message>
        <source>the fastest dubbing speed must be from the speed (%1) to 2.0, not %2</source>
        <translation>配音的最快语速须在语速（%1）到 2.0 之间，而不是 %2</translation>
    </message>
    <message>
        <source>cue %1 of the subtitles: %2</source>
        <translation>字幕第 %1 条：%2</translation>
    </message>
    <message>
        <source>cue %1: %2</source>
        <translation>第 %1 条字幕：%2</translation>
    </message>
    <message>
        <source>cue %1 is %2 ms too long even at speed %3: it is cut with a fade where the next cue begins</source>
        <translation>第 %1 条字幕即使以 %3 倍语速仍超出 %2 毫秒：在下一条开始处淡出截断</translation>
    </message>
    <message>
        <source>cue %1 is %2 ms too long even at speed %3: it runs on past its end</source>
        <translation>第 %1 条字幕即使以 %3 倍语速仍超出 %2 毫秒：延续到其结束时间之后</translation>
    </message>
    <message>
        <source>cue %1 runs to %2, past the %3 hours a dubbing may last</source>
        <translation>第 %1 条字幕延续到 %2，超过了配音最长 %3 小时的限制</translation>
    </message>
    <message>
        <source>the text to align is not UTF-8: %1</source>
        <translation>要对齐的文字不是 UTF-8：%1</translation>
    </message>
    <message>
        <source>the recogniser&apos;s vocabulary has no piece for %1</source>
        <translation>识别模型的词表里没有 %1</translation>
    </message>
    <message>
        <source>%1 is too short for the text: its %2 pieces need %3 frames of %4 ms, the clip has %5</source>
        <translation>%1 对这段文字来说太短：它的 %2 个词片需要 %3 帧（每帧 %4 毫秒），而片段只有 %5 帧</translation>
    </message>
    <message>
        <source>the recogniser knows no language &apos;%1&apos;</source>
        <translation>识别模型不认识语言“%1”</translation>
    </message>
    <message>
        <source>%1 lasts %2 s; the recogniser takes at most %3 s at once</source>
        <translation>%1 长 %2 秒；识别模型一次最多处理 %3 秒</translation>
    </message>
    <message>
        <source>%1 is too short to transcribe (under 25 ms)</source>
        <translation>%1 太短，无法转写（不到 25 毫秒）</translation>
    </message>
    <message>
        <source>there is no recogniser at %1</source>
        <translation>%1 没有识别模型</translation>
    </message>
    <message>
        <source>%1 is not a folder: give the SenseVoiceSmall folder</source>
        <translation>%1 不是文件夹：请给出 SenseVoiceSmall 文件夹</translation>
    </message>
    <message>
        <source>voice conversion has no text to check the audio against</source>
        <translation>声音转换没有文字，无法对照检查音频</translation>
    </message>
    <message>
        <source>the voice has no speaker embedding</source>
        <translation>这个声音没有说话人嵌入</translation>
    </message>
    <message>
        <source>comparing the speaker</source>
        <translation>比较说话人</translation>
    </message>
    <message>
        <source>the audio is too short to compare its speaker (under 0.1 s)</source>
        <translation>音频太短，无法比较说话人（不到 0.1 秒）</translation>
    </message>
</context>
<context>
    <name>ErrorBox</name>
    <message numerus="yes">
        <source>… and %n more line(s): see Show Details.</source>
        <translation>
            <numerusform>…另有 %n 行：请点击“显示详情”。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HubListing</name>
    <message>
        <source>The repository must be given as owner/name, not “%1”</source>
        <translation>仓库须写成“所有者/名称”的形式，而不是“%1”</translation>
    </message>
    <message>
        <source>“%1” is not hf, modelscope or the http(s) URL of a Hugging Face mirror</source>
        <translation>“%1”不是 hf、modelscope，也不是 Hugging Face 镜像的 http(s) 地址</translation>
    </message>
    <message>
        <source>The hub&apos;s file list is not JSON: %1</source>
        <translation>模型仓库的文件列表不是 JSON：%1</translation>
    </message>
    <message>
        <source>The hub&apos;s file list is not a list of files</source>
        <translation>模型仓库返回的文件列表格式不对</translation>
    </message>
    <message>
        <source>ModelScope refused the file list: %1</source>
        <translation>ModelScope 拒绝提供文件列表：%1</translation>
    </message>
    <message>
        <source>The repository has no %1: is it a Fun-CosyVoice3-0.5B-2512 model?</source>
        <translation>仓库中没有 %1：它是 Fun-CosyVoice3-0.5B-2512 模型吗？</translation>
    </message>
    <message>
        <source>The repository has no %1: is it SenseVoiceSmall?</source>
        <translation>该仓库没有 %1：它是 SenseVoiceSmall 吗？</translation>
    </message>
</context>
<context>
    <name>JobCheck</name>
    <message>
        <source>Open or record a prompt clip, or choose a saved voice, first.</source>
        <translation>请先打开或录制一个参考片段，或选择一个已保存的声音。</translation>
    </message>
    <message>
        <source>Type the text to speak first.</source>
        <translation>请先输入要合成的文本。</translation>
    </message>
    <message>
        <source>Zero-shot needs the transcript of the prompt clip. Type it, or use cross-lingual mode.</source>
        <translation>极速复刻需要参考音频对应的文本。请输入文本，或改用跨语种复刻。</translation>
    </message>
    <message>
        <source>Choose a preset or type an instruction for instruct mode.</source>
        <translation>自然语言控制模式下，请选择预设或输入一条指令。</translation>
    </message>
    <message>
        <source>Voice conversion needs a source clip: File → Open source clip for voice conversion…</source>
        <translation>声音转换需要一段源音频：文件 → 打开用于声音转换的源音频…</translation>
    </message>
    <message>
        <source>The speed must be from %1× to %2×.</source>
        <translation>语速必须在 %1× 到 %2× 之间。</translation>
    </message>
    <message>
        <source>A speed other than 1.0× needs the whole segment: turn streaming off.</source>
        <translation>1.0× 以外的语速需要整段生成：请关闭流式生成。</translation>
    </message>
    <message>
        <source>“%1” cannot be used as the source clip: %2</source>
        <translation>“%1”不能用作源音频：%2</translation>
    </message>
</context>
<context>
    <name>JobSpec</name>
    <message>
        <source> (segment %1 of #%2)</source>
        <translation>（#%2 的片段 %1）</translation>
    </message>
    <message>
        <source>#%1 %2 · %3</source>
        <translation>#%1 %2 · %3</translation>
    </message>
    <message>
        <source>#%1 API %2 · %3</source>
        <translation>#%1 API %2 · %3</translation>
    </message>
    <message>
        <source>#%1 chapter %2 of %3 · %4</source>
        <translation>#%1 第 %2/%3 章 · %4</translation>
    </message>
</context>
<context>
    <name>Mode</name>
    <message>
        <source>Zero-shot</source>
        <translation>极速复刻</translation>
    </message>
    <message>
        <source>Cross-lingual</source>
        <translation>跨语种复刻</translation>
    </message>
    <message>
        <source>Instruct</source>
        <translation>自然语言控制</translation>
    </message>
    <message>
        <source>Voice conversion</source>
        <translation>音色转换</translation>
    </message>
</context>
<context>
    <name>ModelFolder</name>
    <message>
        <source>is not a folder</source>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>holds the model in its subfolder “%1”: choose that folder</source>
        <translation>模型在它的子文件夹“%1”里：请选择那个文件夹</translation>
    </message>
    <message>
        <source>is an older CosyVoice model; CosyStudio needs Fun-CosyVoice3-0.5B-2512</source>
        <translation>是较早的 CosyVoice 模型；CosyStudio 需要 Fun-CosyVoice3-0.5B-2512</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>empty (an interrupted download?)</source>
        <translation>是空文件（下载中断了？）</translation>
    </message>
    <message>
        <source>cannot be read (permissions?)</source>
        <translation>无法读取（权限问题？）</translation>
    </message>
    <message>
        <source>is not in the expected format (damaged or a Git LFS pointer?)</source>
        <translation>格式不对（文件损坏，或者只是 Git LFS 指针？）</translation>
    </message>
    <message>
        <source>missing (and so is %1)</source>
        <translation>缺失（%1 也缺失）</translation>
    </message>
</context>
<context>
    <name>PromptClip</name>
    <message>
        <source>%1 is shorter than it was: the part selected as the prompt clip is gone.</source>
        <translation>%1 比原来短了：选作参考音频的那一段已不存在。</translation>
    </message>
    <message>
        <source>%1 has changed: the part selected as the prompt clip is no longer the one the job was made with.</source>
        <translation>%1 已被修改：选作参考音频的那一段已不是创建任务时的内容。</translation>
    </message>
</context>
<context>
    <name>PronunciationDictionary</name>
    <message>
        <source>cannot start the bzip2 decoder</source>
        <translation>无法启动 bzip2 解码器</translation>
    </message>
    <message>
        <source>not a complete bzip2 file</source>
        <translation>不是完整的 bzip2 文件</translation>
    </message>
    <message>
        <source>Pinyin readings (%1): %2</source>
        <translation>拼音读音（%1）：%2</translation>
    </message>
    <message>
        <source>English phones (%1): %2</source>
        <translation>英文音素（%1）：%2</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Zero-shot needs the transcript of the clip.</source>
        <translation>极速复刻需要参考音频对应的文本。</translation>
    </message>
    <message>
        <source>The transcript looks too short for %1 s of speech: type every word that is spoken in the selection.</source>
        <translation>对于 %1 秒的语音，参考文本似乎太短：请把选中片段里说的每个字都写上。</translation>
    </message>
    <message>
        <source>The transcript looks too long for %1 s of speech: it must contain only what is spoken in the selection.</source>
        <translation>对于 %1 秒的语音，参考文本似乎太长：只能包含选中片段里实际说的内容。</translation>
    </message>
    <message>
        <source>before</source>
        <translation>重置前</translation>
    </message>
    <message>
        <source>torn down</source>
        <translation>拆除后</translation>
    </message>
    <message>
        <source>reloaded</source>
        <translation>重新加载后</translation>
    </message>
    <message>
        <source>No folder chosen.</source>
        <translation>尚未选择文件夹。</translation>
    </message>
    <message>
        <source>&lt;th&gt;VRAM allocated&lt;/th&gt;&lt;th&gt;VRAM reserved&lt;/th&gt;</source>
        <translation>&lt;th&gt;已分配显存&lt;/th&gt;&lt;th&gt;已预留显存&lt;/th&gt;</translation>
    </message>
    <message>
        <source>What remains after the teardown is the baseline of the runtime (the CUDA context); it is not a leak.</source>
        <translation>拆除后仍占用的部分是运行时本身的基础开销（即 CUDA 上下文），并不是内存泄漏。</translation>
    </message>
    <message>
        <source>What remains after the teardown is the baseline of the runtime; it is not a leak.</source>
        <translation>拆除后仍占用的部分是运行时本身的基础开销，并不是内存泄漏。</translation>
    </message>
    <message>
        <source>&lt;p&gt;The engine was torn down in %1 s and reloaded in %2 s.&lt;/p&gt;&lt;table cellspacing=6&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;%3&lt;th&gt;RAM&lt;/th&gt;&lt;/tr&gt;%4%5%6&lt;/table&gt;&lt;p&gt;%7&lt;/p&gt;</source>
        <translation>&lt;p&gt;引擎拆除用时 %1 秒，重新加载用时 %2 秒。&lt;/p&gt;&lt;table cellspacing=6&gt;&lt;tr&gt;&lt;th&gt;&lt;/th&gt;%3&lt;th&gt;内存&lt;/th&gt;&lt;/tr&gt;%4%5%6&lt;/table&gt;&lt;p&gt;%7&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Engine reset</source>
        <translation>引擎已重置</translation>
    </message>
</context>
<context>
    <name>QuitPrompts</name>
    <message numerus="yes">
        <source>%n segment regeneration(s) belong to takes of this session and are dropped.</source>
        <translation>
            <numerusform>%n 个片段重新生成属于本次会话的生成记录，将被丢弃。</numerusform>
        </translation>
    </message>
    <message>
        <source>Quit CosyStudio</source>
        <translation>退出 CosyStudio</translation>
    </message>
    <message>
        <source>&amp;Quit and keep the queue</source>
        <translation>退出并保留队列(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit and &amp;drop the queue</source>
        <translation>退出并丢弃队列(&amp;D)</translation>
    </message>
    <message>
        <source>The queue cannot be kept for next time: %1</source>
        <translation>无法为下次保留队列：%1</translation>
    </message>
    <message>
        <source>&amp;Quit and drop the queue</source>
        <translation>退出并丢弃队列(&amp;Q)</translation>
    </message>
    <message>
        <source>Resume the queue</source>
        <translation>恢复队列</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) of the last session are waiting. Queue them again? They run once a model is loaded.</source>
        <translation>
            <numerusform>上次会话有 %n 个任务在等待。要重新加入队列吗？模型加载后它们就会运行。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Drop them</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) restored from the last session.</source>
        <translation>
            <numerusform>已恢复上次会话的 %n 个任务。</numerusform>
        </translation>
    </message>
    <message>
        <source>The queue of the last session is lost: %1</source>
        <translation>上次会话的队列已丢失：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) could not be restored:</source>
        <translation>
            <numerusform>%n 个任务无法恢复：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) of other programs through the local speech server end with CosyStudio.</source>
        <translation>
            <numerusform>其他程序通过本地语音服务器发出的 %n 个请求将随 CosyStudio 一起结束。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) are still running or waiting. Keep them to run when CosyStudio starts next (a running job goes on where it stopped; a dubbing starts over), or drop them?</source>
        <translation>
            <numerusform>还有 %n 个任务正在运行或等待。要保留它们在下次启动 CosyStudio 时运行（正在运行的任务会从停下的地方继续；配音任务会重新开始），还是丢弃？</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunawayPrompt</name>
    <message>
        <source>Generation ran away</source>
        <translation>生成失控</translation>
    </message>
    <message>
        <source>Job #%1 stopped: segment %2 was still generating after %3 s, which usually means the model is babbling or repeating.</source>
        <translation>任务 #%1 已停止：片段 %2 在 %3 秒后仍在生成，这通常说明模型在胡言乱语或重复。</translation>
    </message>
    <message>
        <source>&amp;Regenerate with a new seed</source>
        <translation>换一个种子重新生成(&amp;R)</translation>
    </message>
</context>
<context>
    <name>SavedQueue</name>
    <message>
        <source>%1 cannot be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 cannot be read back.</source>
        <translation>无法读回 %1。</translation>
    </message>
    <message>
        <source>A job that cannot be read back.</source>
        <translation>一个无法读回的任务。</translation>
    </message>
    <message>
        <source>%1 · “%2”: %3 is gone.</source>
        <translation>%1 · “%2”：%3 已不存在。</translation>
    </message>
    <message>
        <source>%1 · “%2”: %3</source>
        <translation>%1 · “%2”：%3</translation>
    </message>
</context>
<context>
    <name>ScriptFiles</name>
    <message>
        <source>No line names a saved voice: give lines to speakers (right-click → Spoken by) first.</source>
        <translation>没有一行指定了已保存的音色：请先把台词分配给角色（右键 → 朗读者）。</translation>
    </message>
    <message>
        <source>Cannot put the voice of “%1” in the voice library (%2).</source>
        <translation>无法把“%1”的音色放入音色库（%2）。</translation>
    </message>
    <message>
        <source>The library&apos;s voice “%1” is not the one the script was saved with; the library&apos;s speaks.</source>
        <translation>音色库中的“%1”与保存脚本时的音色不同；将使用音色库中的音色。</translation>
    </message>
</context>
<context>
    <name>ScriptJob</name>
    <message>
        <source>A script speaks text: choose another mode than voice conversion.</source>
        <translation>脚本只能朗读文字：请选择声音转换以外的模式。</translation>
    </message>
    <message>
        <source>The lines before the first “Name:” have no voice: begin with a speaker&apos;s name, or choose a saved voice to narrate them.</source>
        <translation>第一个“名字：”之前的台词没有音色：请以角色名开头，或选择一个已保存的音色来旁白。</translation>
    </message>
</context>
<context>
    <name>Stage</name>
    <message>
        <source>preparing</source>
        <translation>准备中</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本处理</translation>
    </message>
    <message>
        <source>speech tokens</source>
        <translation>语音 token</translation>
    </message>
    <message>
        <source>mel</source>
        <translation>梅尔频谱</translation>
    </message>
    <message>
        <source>waveform</source>
        <translation>波形</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
</context>
<context>
    <name>TakeStore</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot move %1 into place</source>
        <translation>无法将 %1 移动到目标位置</translation>
    </message>
    <message>
        <source>The take has no audio.</source>
        <translation>这条生成结果没有音频。</translation>
    </message>
    <message>
        <source>its segments do not match its audio</source>
        <translation>其片段与音频对不上</translation>
    </message>
    <message>
        <source>%1 cannot be read back: %2</source>
        <translation>无法读回 %1：%2</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>its folder cannot be created</source>
        <translation>无法创建其所在的文件夹</translation>
    </message>
</context>
<context>
    <name>WindowSpeechServer</name>
    <message>
        <source>%1 is not an IP address</source>
        <translation>%1 不是 IP 地址</translation>
    </message>
    <message>
        <source>The speech server cannot listen on %1 port %2: %3</source>
        <translation>语音服务器无法在 %1 的端口 %2 上监听：%3</translation>
    </message>
    <message>
        <source>API on %1</source>
        <translation>API 位于 %1</translation>
    </message>
    <message>
        <source>API open to the network on %1</source>
        <translation>API 已向网络开放，位于 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 个请求</numerusform>
        </translation>
    </message>
    <message>
        <source>The speech server cannot serve HTTPS: %1</source>
        <translation>语音服务器无法提供 HTTPS：%1</translation>
    </message>
</context>
<context>
    <name>cosystudio::services::ModelDownload</name>
    <message>
        <source>Cannot list the files of %1 at %2: %3</source>
        <translation>无法列出 %1 在 %2 上的文件：%3</translation>
    </message>
    <message>
        <source>Cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>The model needs %1 more on the disk of %2, which has %3 free</source>
        <translation>模型还需要 %1 的空间，而 %2 所在的磁盘只剩 %3</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1: the server sent another part of the file than the one asked for</source>
        <translation>%1：服务器发来的不是所请求的那部分文件</translation>
    </message>
    <message>
        <source>%1: the server sent more than the %2 the hub lists</source>
        <translation>%1：服务器发来的数据超过了仓库列出的 %2</translation>
    </message>
    <message>
        <source>%1: the hub answered %2 %3 for %4</source>
        <translation>%1：仓库对 %4 的回应是 %2 %3</translation>
    </message>
    <message>
        <source>%1 does not match the hash the hub publishes for it (%2 %3, the download has %4); it was deleted: download it again</source>
        <translation>%1 与仓库公布的哈希值不符（%2 %3，下载到的是 %4）；已删除，请重新下载</translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2: %3</source>
        <translation>无法将 %1 重命名为 %2：%3</translation>
    </message>
    <message>
        <source>it is a symbolic link, which a download does not follow; remove it</source>
        <translation>它是一个符号链接，下载不会顺着它写入；请将它删除</translation>
    </message>
    <message>
        <source>%1 is plain http: the files and the hashes that verify them come unencrypted from the same server, so whoever is on the way can change both</source>
        <translation>%1 是未加密的 http：文件和用来校验它们的哈希值未经加密地来自同一台服务器，传输途中的任何人都能把两者一起篡改</translation>
    </message>
    <message>
        <source>allow plain http to use it anyway (cosystudio-cli: --allow-http)</source>
        <translation>如仍要使用，请允许未加密的 http（cosystudio-cli：--allow-http）</translation>
    </message>
    <message>
        <source>the hub sent nothing for %1 s</source>
        <translation>仓库 %1 秒内没有发来任何数据</translation>
    </message>
    <message>
        <source>The hub publishes no hash for these files, so they cannot be verified: %1</source>
        <translation>仓库没有公布这些文件的哈希值，因此无法校验：%1</translation>
    </message>
    <message>
        <source>allow unverified files to download them anyway (cosystudio-cli: --allow-unverified)</source>
        <translation>如仍要下载，请允许未校验的文件（cosystudio-cli：--allow-unverified）</translation>
    </message>
    <message>
        <source>Downloading %1 failed after %2 tries: %3</source>
        <translation>下载 %1 尝试 %2 次后失败：%3</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui</name>
    <message>
        <source>Cantonese (粤语)</source>
        <translation>粤语</translation>
    </message>
    <message>
        <source>Cantonese (广东话)</source>
        <translation>广东话</translation>
    </message>
    <message>
        <source>Northeastern (东北话)</source>
        <translation>东北话</translation>
    </message>
    <message>
        <source>Gansu (甘肃话)</source>
        <translation>甘肃话</translation>
    </message>
    <message>
        <source>Guizhou (贵州话)</source>
        <translation>贵州话</translation>
    </message>
    <message>
        <source>Henan (河南话)</source>
        <translation>河南话</translation>
    </message>
    <message>
        <source>Hubei (湖北话)</source>
        <translation>湖北话</translation>
    </message>
    <message>
        <source>Hunan (湖南话)</source>
        <translation>湖南话</translation>
    </message>
    <message>
        <source>Jiangxi (江西话)</source>
        <translation>江西话</translation>
    </message>
    <message>
        <source>Minnan (闽南话)</source>
        <translation>闽南话</translation>
    </message>
    <message>
        <source>Ningxia (宁夏话)</source>
        <translation>宁夏话</translation>
    </message>
    <message>
        <source>Shanxi (山西话)</source>
        <translation>山西话</translation>
    </message>
    <message>
        <source>Shaanxi (陕西话)</source>
        <translation>陕西话</translation>
    </message>
    <message>
        <source>Shandong (山东话)</source>
        <translation>山东话</translation>
    </message>
    <message>
        <source>Shanghainese (上海话)</source>
        <translation>上海话</translation>
    </message>
    <message>
        <source>Sichuanese (四川话)</source>
        <translation>四川话</translation>
    </message>
    <message>
        <source>Tianjin (天津话)</source>
        <translation>天津话</translation>
    </message>
    <message>
        <source>Yunnan (云南话)</source>
        <translation>云南话</translation>
    </message>
    <message>
        <source>Happy</source>
        <translation>开心</translation>
    </message>
    <message>
        <source>Sad</source>
        <translation>伤心</translation>
    </message>
    <message>
        <source>Angry</source>
        <translation>生气</translation>
    </message>
    <message>
        <source>As slow as possible</source>
        <translation>尽可能慢</translation>
    </message>
    <message>
        <source>As fast as possible</source>
        <translation>尽可能快</translation>
    </message>
    <message>
        <source>Very loud</source>
        <translation>大声</translation>
    </message>
    <message>
        <source>Very soft</source>
        <translation>轻声细语</translation>
    </message>
    <message>
        <source>Peppa Pig style</source>
        <translation>小猪佩奇风格</translation>
    </message>
    <message>
        <source>Like a robot</source>
        <translation>机器人腔调</translation>
    </message>
    <message>
        <source>Dialect</source>
        <translation>方言</translation>
    </message>
    <message>
        <source>Emotion</source>
        <translation>情感</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>语速</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>音量</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色扮演</translation>
    </message>
    <message>
        <source>&lt;p&gt;This build runs on the CPU only. For an NVIDIA GPU, build CosyStudio from its source with &lt;code&gt;scripts/run.sh&lt;/code&gt; on the computer that has the GPU: it then builds against the CUDA libtorch (see the README).&lt;/p&gt;</source>
        <translation>&lt;p&gt;此版本只能在 CPU 上运行。若要使用 NVIDIA GPU，请在装有该 GPU 的电脑上用 &lt;code&gt;scripts/run.sh&lt;/code&gt; 从源代码构建 CosyStudio：它会链接 CUDA 版 libtorch（见 README）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Model:&lt;/b&gt; &lt;a href=&quot;%1&quot;&gt;Fun-CosyVoice3-0.5B-2512&lt;/a&gt; by FunAudioLLM, Tongyi Lab, Alibaba, under the Apache License 2.0; downloaded separately.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;模型：&lt;/b&gt;&lt;a href=&quot;%1&quot;&gt;Fun-CosyVoice3-0.5B-2512&lt;/a&gt;，出自阿里巴巴通义实验室 FunAudioLLM，采用 Apache License 2.0 许可；需另行下载。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Libraries:&lt;/b&gt; %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;使用的库：&lt;/b&gt;%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About CosyStudio</source>
        <translation>关于 CosyStudio</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;No GPU is used:&lt;/b&gt; %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;未使用 GPU：&lt;/b&gt;%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Cloning voices</source>
        <translation>关于声音克隆</translation>
    </message>
    <message>
        <source>Only clone voices you have the right to use: your own, or someone&apos;s who agreed to it. Speech made in another person&apos;s voice without consent can deceive and harm, and is unlawful in many places.</source>
        <translation>只克隆您有权使用的声音：您自己的，或已同意的人的声音。未经同意用他人的声音生成语音可能造成欺骗和伤害，在许多地方是违法的。</translation>
    </message>
    <message>
        <source>&lt;p&gt;CPU features: %1&lt;br&gt;BLAS: %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;CPU 特性：%1&lt;br&gt;BLAS：%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;CPU features: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;CPU 特性：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;BLAS warning:&lt;/b&gt; %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;BLAS 警告：&lt;/b&gt;%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;CPU precision: %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;CPU 精度：%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;CosyStudio %1&lt;/h3&gt;&lt;p&gt;Clone a voice from a short clip and speak any text with it, using the CosyVoice3 model on your own computer.&lt;/p&gt;&lt;p&gt;System: %4&lt;br&gt;libtorch %2&lt;br&gt;CPU: %3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;CosyStudio %1&lt;/h3&gt;&lt;p&gt;用一小段录音克隆声音，并用它朗读任意文字；CosyVoice3 模型在您自己的电脑上运行。&lt;/p&gt;&lt;p&gt;系统：%4&lt;br&gt;libtorch %2&lt;br&gt;CPU：%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;CosyStudio is free software under the Apache License 2.0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;CosyStudio 是自由软件，以 Apache License 2.0 许可发布。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Recogniser:&lt;/b&gt; &lt;a href=&quot;%1&quot;&gt;SenseVoice-Small&lt;/a&gt; by FunAudioLLM, Tongyi Lab, Alibaba, under the FunASR model licence; downloaded separately when first needed.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;识别模型：&lt;/b&gt;&lt;a href=&quot;%1&quot;&gt;SenseVoice-Small&lt;/a&gt;，由阿里巴巴通义实验室 FunAudioLLM 提供，遵循 FunASR 模型许可；首次需要时另行下载。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>characters %1</source>
        <translation>字错率 %1</translation>
    </message>
    <message>
        <source>words %1</source>
        <translation>词错率 %1</translation>
    </message>
    <message>
        <source>speaker %1</source>
        <translation>音色相似度 %1</translation>
    </message>
    <message>
        <source>rate %1×</source>
        <translation>语速 %1×</translation>
    </message>
    <message>
        <source>It made no speech.</source>
        <translation>没有生成语音。</translation>
    </message>
    <message>
        <source>It says other words (%1 wrong): nothing was heard.</source>
        <translation>说的不是原文（错误率 %1）：什么也没听到。</translation>
    </message>
    <message>
        <source>It says other words (%1 wrong): heard %2.</source>
        <translation>说的不是原文（错误率 %1）：听到的是 %2。</translation>
    </message>
    <message>
        <source>Difference: %1</source>
        <translation>差异：%1</translation>
    </message>
    <message>
        <source>It sounds like another speaker (similarity %1).</source>
        <translation>听起来像另一个说话人（相似度 %1）。</translation>
    </message>
    <message>
        <source>It rushes (%1 times the voice&apos;s speaking rate).</source>
        <translation>说得太快（是音色本身语速的 %1 倍）。</translation>
    </message>
    <message>
        <source>It drags or pauses (%1 times the voice&apos;s speaking rate).</source>
        <translation>说得太慢或停顿太长（是音色本身语速的 %1 倍）。</translation>
    </message>
    <message>
        <source>Passes the check: %1</source>
        <translation>通过检查：%1</translation>
    </message>
    <message>
        <source>Fails the check: %1</source>
        <translation>未通过检查：%1</translation>
    </message>
    <message>
        <source>Heard: %1</source>
        <translation>听到：%1</translation>
    </message>
    <message>
        <source>Kept try %1 of %2:</source>
        <translation>保留第 %1 次（共 %2 次）：</translation>
    </message>
    <message>
        <source>  %1. seed %2, %3, %4</source>
        <translation>  %1. 种子 %2，%3，%4</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>fails</source>
        <translation>未通过</translation>
    </message>
    <message>
        <source>Every segment passes the check.</source>
        <translation>每个片段都通过了检查。</translation>
    </message>
    <message>
        <source>Segments still failing the check after every retake: %1.</source>
        <translation>重做之后仍未通过检查的片段：%1。</translation>
    </message>
    <message>
        <source>Lines still failing the check after every retake: %1. Listen to these alone.</source>
        <translation>重做之后仍未通过检查的行：%1。只需试听这几行。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::BookChapterModel</name>
    <message>
        <source>to make</source>
        <translation>待生成</translation>
    </message>
    <message>
        <source>made from other text or settings (%1)</source>
        <translation>按其他文本或设置生成（%1）</translation>
    </message>
    <message>
        <source>waiting in the queue</source>
        <translation>在队列中等待</translation>
    </message>
    <message>
        <source>making</source>
        <translation>生成中</translation>
    </message>
    <message>
        <source>making: %1</source>
        <translation>生成中：%1</translation>
    </message>
    <message>
        <source>made (%1)</source>
        <translation>已生成（%1）</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Chapter</source>
        <translation>章节</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字数</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::BookPanel</name>
    <message>
        <source>No book is open: File → Open book… reads an EPUB, Markdown or text file into chapters.</source>
        <translation>没有打开书籍：“文件 → 打开书籍…”会把 EPUB、Markdown 或文本文件分成章节。</translation>
    </message>
    <message>
        <source>&amp;Make the rest</source>
        <translation>生成其余章节(&amp;M)</translation>
    </message>
    <message>
        <source>Queue every chapter not made yet from its text with the voice and style in use</source>
        <translation>用当前的音色和风格，把尚未按其文本生成的每一章加入队列</translation>
    </message>
    <message>
        <source>Make &amp;again</source>
        <translation>重新生成(&amp;A)</translation>
    </message>
    <message>
        <source>Queue the selected chapters, made or not</source>
        <translation>把选中的章节加入队列，无论是否已生成</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Cancel the chapters waiting or being made; those made stay</source>
        <translation>取消等待中或生成中的章节；已生成的保留</translation>
    </message>
    <message>
        <source>&amp;Join into one file</source>
        <translation>合并为一个文件(&amp;J)</translation>
    </message>
    <message>
        <source>Every chapter in one Opus file with chapter marks (book.opus), once all are made</source>
        <translation>所有章节生成后，合并成一个带章节标记的 Opus 文件（book.opus）</translation>
    </message>
    <message>
        <source>Open &amp;folder</source>
        <translation>打开文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>%1; every chapter is made again</source>
        <translation>%1；每一章都会重新生成</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n chapter(s) · %2</source>
        <translation>
            <numerusform>%1 · %n 章 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Select the chapters to make again.</source>
        <translation>请选择要重新生成的章节。</translation>
    </message>
    <message>
        <source>Every chapter is made.</source>
        <translation>所有章节都已生成。</translation>
    </message>
    <message>
        <source>segment %1 of %2</source>
        <translation>片段 %1/%2</translation>
    </message>
    <message>
        <source>writing its file</source>
        <translation>正在写入文件</translation>
    </message>
    <message>
        <source>Chapter %1 written to %2</source>
        <translation>第 %1 章已写入 %2</translation>
    </message>
    <message>
        <source>Chapter %1 cannot be written: %2</source>
        <translation>无法写入第 %1 章：%2</translation>
    </message>
    <message>
        <source>The book in one file: %1</source>
        <translation>整本书的单个文件：%1</translation>
    </message>
    <message>
        <source>The book cannot be joined into one file: %1</source>
        <translation>无法把这本书合并为一个文件：%1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n chapter(s) made</source>
        <translation>
            <numerusform>已生成 %1/%n 章</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n chapter(s) made; %2 to go in this run</source>
        <translation>
            <numerusform>已生成 %1/%n 章；本次还剩 %2 章</numerusform>
        </translation>
    </message>
    <message>
        <source>, about %1 left</source>
        <translation>，大约还需 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n chapter(s) made; %2 made from other text or settings</source>
        <translation>
            <numerusform>已生成 %1/%n 章；%2 章按其他文本或设置生成</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ClipPanel</name>
    <message>
        <source>The selection contains no sound.</source>
        <translation>所选部分没有声音。</translation>
    </message>
    <message>
        <source>%1 samples are at full scale: the recording is probably clipped (distorted). Record again with less input gain.</source>
        <translation>%1 个采样达到满幅：录音可能削波（失真）。请降低输入增益后重新录制。</translation>
    </message>
    <message>
        <source>The recording is quiet (%1 dBFS RMS). Speak closer to the microphone or raise the input gain.</source>
        <translation>录音音量偏低（%1 dBFS RMS）。请靠近麦克风说话或提高输入增益。</translation>
    </message>
    <message>
        <source>Background noise is audible (noise floor %1 dBFS). The clone will copy it; record in a quieter place.</source>
        <translation>能听到背景噪声（噪声底 %1 dBFS）。克隆会把它一起学去；请在更安静的地方录制。</translation>
    </message>
    <message>
        <source>%1 s of silence at the start: trim it.</source>
        <translation>开头有 %1 秒静音：请裁掉。</translation>
    </message>
    <message>
        <source>%1 s of silence at the end: trim it.</source>
        <translation>结尾有 %1 秒静音：请裁掉。</translation>
    </message>
    <message>
        <source>There is a %1 s pause inside the clip; the clone may copy long pauses. Shorten it.</source>
        <translation>片段中有 %1 秒的停顿；克隆可能会模仿长停顿。请缩短它。</translation>
    </message>
    <message>
        <source>Microphone to record the prompt clip with</source>
        <translation>用于录制参考音频的麦克风</translation>
    </message>
    <message>
        <source>&amp;Record</source>
        <translation>录音(&amp;R)</translation>
    </message>
    <message>
        <source>Microphone level</source>
        <translation>麦克风音量</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a WAV, FLAC, OGG or MP3 file (or drop one on the window)</source>
        <translation>打开 WAV、FLAC、OGG 或 MP3 文件（也可以直接拖到窗口上）</translation>
    </message>
    <message>
        <source>&amp;Play selection</source>
        <translation>播放选区(&amp;P)</translation>
    </message>
    <message>
        <source>Listen to the part of the clip the voice will be taken from</source>
        <translation>试听用来提取音色的那部分音频</translation>
    </message>
    <message>
        <source>Auto-&amp;trim</source>
        <translation>自动裁剪(&amp;T)</translation>
    </message>
    <message>
        <source>Cut the silence at the start and keep a short tail at the end</source>
        <translation>去掉开头的静音，结尾保留一小段余音</translation>
    </message>
    <message>
        <source>Transcript: exactly what is said in the selected part of the clip</source>
        <translation>参考文本：选中片段里说的原话，一字不差</translation>
    </message>
    <message>
        <source>Required for zero-shot: the words spoken in the clip</source>
        <translation>极速复刻必填：参考音频里说的话</translation>
    </message>
    <message>
        <source>Stop (%1 s)</source>
        <translation>停止（%1 秒）</translation>
    </message>
    <message>
        <source>No microphone found</source>
        <translation>未找到麦克风</translation>
    </message>
    <message>
        <source>%1 · %2 Hz · %3 s</source>
        <translation>%1 · %2 Hz · %3 秒</translation>
    </message>
    <message>
        <source>Open prompt clip</source>
        <translation>打开参考音频</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>The recording is %1 s long; record at least %2 s of speech.</source>
        <translation>录音只有 %1 秒；请至少录制 %2 秒的语音。</translation>
    </message>
    <message>
        <source>No prompt clip yet.</source>
        <translation>还没有参考音频。</translation>
    </message>
    <message>
        <source>The selection is %1 s long; the model accepts at most %2 s. Trim it.</source>
        <translation>选区长 %1 秒，模型最多接受 %2 秒，请裁剪。</translation>
    </message>
    <message>
        <source>The selection is only %1 s long; use at least %2 s of speech.</source>
        <translation>选区只有 %1 秒；请至少使用 %2 秒的语音。</translation>
    </message>
    <message>
        <source>Peak %1 dBFS · level %2 dBFS · noise floor %3 dBFS · silence %4 s at the start, %5 s at the end</source>
        <translation>峰值 %1 dBFS · 电平 %2 dBFS · 底噪 %3 dBFS · 开头静音 %4 秒，结尾静音 %5 秒</translation>
    </message>
    <message>
        <source>✓ The clip looks good.</source>
        <translation>✓ 这段音频质量不错。</translation>
    </message>
    <message>
        <source>The trim changed after the transcript was typed: check that it still matches.</source>
        <translation>输入参考文本后裁剪范围有改动：请确认文本是否仍然对应。</translation>
    </message>
    <message>
        <source>Choose a prompt clip first (open, drop or record one).</source>
        <translation>请先准备参考音频（打开、拖入或录制）。</translation>
    </message>
    <message>
        <source>Auto-trim found nothing to cut: the selection already starts at the speech and ends with a short tail.</source>
        <translation>自动裁剪没有可裁掉的部分：选区已从语音开始，结尾只留了短暂的静音。</translation>
    </message>
    <message>
        <source>Auto-trim kept %1 s of the clip.</source>
        <translation>自动裁剪后保留了 %1 秒。</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>The transcript was typed before this clip was opened or recorded: check that it matches, or clear it.</source>
        <translation>这段参考文本是在打开或录制这段音频之前输入的：请确认它与音频一致，或将其清空。</translation>
    </message>
    <message>
        <source>The selected part of the clip is silent (no sample louder than %1 dBFS): check the microphone and record again.</source>
        <translation>所选的音频片段是静音（没有高于 %1 dBFS 的采样）：请检查麦克风后重新录音。</translation>
    </message>
    <message>
        <source>Record %1 to %2 seconds of clear speech (press again to stop)</source>
        <translation>录制 %1 到 %2 秒清晰的语音（再按一次停止）</translation>
    </message>
    <message>
        <source>%1 to %2 s of speech usually clones best; this selection is %3 s.</source>
        <translation>通常 %1 到 %2 秒的语音克隆效果最好；当前选区为 %3 秒。</translation>
    </message>
    <message>
        <source>The clip is sampled at %1 Hz; the model needs at least %2 Hz.</source>
        <translation>该音频的采样率为 %1 Hz；模型要求至少 %2 Hz。</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>音量</translation>
    </message>
    <message>
        <source>No microphone found: connect one to record a clip</source>
        <translation>未找到麦克风：请连接麦克风后再录音</translation>
    </message>
    <message>
        <source>The saved voice “%1” speaks; this clip is not used.</source>
        <translation>正在使用已保存的音色“%1”；不会使用这段参考音频。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ClipRecorder</name>
    <message>
        <source>No microphone is available.</source>
        <translation>没有可用的麦克风。</translation>
    </message>
    <message>
        <source>The microphone could not be opened.</source>
        <translation>无法打开麦克风。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::EngineMenu</name>
    <message>
        <source>&amp;Engine</source>
        <translation>引擎(&amp;E)</translation>
    </message>
    <message>
        <source>Choose &amp;model folder…</source>
        <translation>选择模型文件夹(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>取消任务(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Reset engine</source>
        <translation>重置引擎(&amp;R)</translation>
    </message>
    <message>
        <source>Free every buffer the engine holds, release the GPU cache and reload; clip, text, queue and takes are kept</source>
        <translation>释放引擎占用的全部缓冲区和 GPU 缓存并重新加载；参考音频、文本、队列和生成结果都会保留</translation>
    </message>
    <message>
        <source>&amp;Unload model</source>
        <translation>卸载模型(&amp;U)</translation>
    </message>
    <message>
        <source>Free the model&apos;s memory for other programs</source>
        <translation>释放模型占用的内存，留给其他程序使用</translation>
    </message>
    <message>
        <source>Restart &amp;application</source>
        <translation>重启应用(&amp;A)</translation>
    </message>
    <message>
        <source>After a device error only a new process can use the GPU again; your text, clip, queue and settings are restored</source>
        <translation>发生设备错误后，只有新进程才能重新使用 GPU；文本、参考音频、队列和设置都会恢复</translation>
    </message>
    <message>
        <source>Reset cannot clear this device error; restart the application</source>
        <translation>重置引擎无法清除这个设备错误，请重启应用</translation>
    </message>
    <message>
        <source>&amp;Download model…</source>
        <translation>下载模型(&amp;D)…</translation>
    </message>
    <message>
        <source>Download recog&amp;niser…</source>
        <translation>下载语音识别模型(&amp;N)…</translation>
    </message>
    <message>
        <source>SenseVoice-Small (about 900 MB) writes the transcript of a prompt clip and checks the one you type</source>
        <translation>SenseVoice-Small（约 900 MB）为参考音频写出参考文本，并核对你输入的文本</translation>
    </message>
    <message>
        <source>Reset the engine of the server at %1 once the requests before it are done; your clip, text, queue and takes are kept</source>
        <translation>在 %1 的服务器处理完此前的请求后重置其引擎；参考音频、文本、队列和生成结果都会保留</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::EngineServerPage</name>
    <message>
        <source>&amp;This computer, with the model folder chosen in the Engine menu</source>
        <translation>本机(&amp;T)，使用“引擎”菜单中选择的模型文件夹</translation>
    </message>
    <message>
        <source>Speech is made by the engine of `cosystudio-cli serve` (or of another window&apos;s server) there; texts, scripts, books and dubbing are queued and kept here as usual</source>
        <translation>语音由那台机器上 `cosystudio-cli serve`（或另一个窗口的服务）的引擎生成；文本、脚本、书籍和配音照常在这里排队和保存</translation>
    </message>
    <message>
        <source>The address the server printed when it started: http://HOST:PORT, or https:// when it serves HTTPS</source>
        <translation>服务器启动时显示的地址：http://主机:端口；提供 HTTPS 时为 https://</translation>
    </message>
    <message>
        <source>none (a server on this computer&apos;s loopback needs none)</source>
        <translation>无（本机回环地址上的服务器不需要）</translation>
    </message>
    <message>
        <source>A file holding the server&apos;s token (serve --token-file): the token itself is never written into CosyStudio&apos;s settings</source>
        <translation>保存服务器令牌的文件（serve --token-file）：令牌本身绝不会写入 CosyStudio 的设置</translation>
    </message>
    <message>
        <source>The server&apos;s token file</source>
        <translation>服务器的令牌文件</translation>
    </message>
    <message>
        <source>none (trust the system&apos;s certificate authorities)</source>
        <translation>无（信任系统的证书颁发机构）</translation>
    </message>
    <message>
        <source>The certificate (PEM) of a server with a self-signed one, copied from it: its SHA-256 fingerprint is the one the server shows</source>
        <translation>使用自签名证书的服务器的证书（PEM），从服务器复制而来：其 SHA-256 指纹与服务器显示的一致</translation>
    </message>
    <message>
        <source>The server&apos;s certificate</source>
        <translation>服务器的证书</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt);;All files (*)</source>
        <translation>证书 (*.pem *.crt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>A server makes the speech with its own model and device; the voices it needs are sent once. It does not listen back to what it makes, and Reset engine is done where it runs.</source>
        <translation>服务器用它自己的模型和设备生成语音；所需的音色只发送一次。它不会回听检查生成的结果，“重置引擎”需在服务器所在的机器上进行。</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Certificate:</source>
        <translation>证书(&amp;C)：</translation>
    </message>
    <message>
        <source>Speech is made by:</source>
        <translation>语音生成方：</translation>
    </message>
    <message>
        <source>The engine server&apos;s address “%1” is not one: give http://HOST:PORT or https://HOST:PORT, as the server printed it</source>
        <translation>引擎服务器地址“%1”无效：请按服务器显示的格式填写 http://主机:端口 或 https://主机:端口</translation>
    </message>
    <message>
        <source>The file %1 cannot be read</source>
        <translation>无法读取文件 %1</translation>
    </message>
    <message>
        <source>A CosyStudio server on another &amp;machine</source>
        <translation>另一台机器上的 CosyStudio 服务器(&amp;M)</translation>
    </message>
    <message>
        <source>Br&amp;owse…</source>
        <translation>浏览(&amp;O)…</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>浏览(&amp;W)…</translation>
    </message>
    <message>
        <source>To&amp;ken file:</source>
        <translation>令牌文件(&amp;K)：</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::EngineSession</name>
    <message>
        <source>Load a model first: a voice stores features the model computes.</source>
        <translation>请先加载模型：音色中保存的是由模型计算出的特征。</translation>
    </message>
    <message>
        <source>no model is loaded</source>
        <translation>尚未加载模型</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::EngineWorker</name>
    <message>
        <source>Warming up</source>
        <translation>预热中</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>正在连接 %1</translation>
    </message>
    <message>
        <source>The CosyStudio server at %1 has no model loaded yet: try again once it has</source>
        <translation>%1 上的 CosyStudio 服务器尚未加载模型：请等它加载后再试</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ExportSettings</name>
    <message>
        <source>WAV 16-bit</source>
        <translation>WAV 16 位</translation>
    </message>
    <message>
        <source>WAV 24-bit</source>
        <translation>WAV 24 位</translation>
    </message>
    <message>
        <source>WAV 32-bit float</source>
        <translation>WAV 32 位浮点</translation>
    </message>
    <message>
        <source>FLAC 16-bit</source>
        <translation>FLAC 16 位</translation>
    </message>
    <message>
        <source>FLAC 24-bit</source>
        <translation>FLAC 24 位</translation>
    </message>
    <message>
        <source>MP3</source>
        <translation>MP3</translation>
    </message>
    <message>
        <source>Ogg Opus</source>
        <translation>Ogg Opus</translation>
    </message>
    <message>
        <source>Format of exported files: WAV and FLAC are lossless, MP3 and Ogg Opus small</source>
        <translation>导出文件的格式：WAV 和 FLAC 为无损，MP3 和 Ogg Opus 体积小</translation>
    </message>
    <message>
        <source>24 kHz (model rate)</source>
        <translation>24 kHz（模型原生采样率）</translation>
    </message>
    <message>
        <source>44.1 kHz</source>
        <translation>44.1 kHz</translation>
    </message>
    <message>
        <source>48 kHz</source>
        <translation>48 kHz</translation>
    </message>
    <message>
        <source>Exports at other rates are resampled with high-quality sinc interpolation</source>
        <translation>以其他采样率导出时，使用高质量 sinc 插值重采样</translation>
    </message>
    <message>
        <source>no pause</source>
        <translation>无停顿</translation>
    </message>
    <message>
        <source>%1 s pause</source>
        <translation>%1 秒停顿</translation>
    </message>
    <message>
        <source>Silence added between segments in exported files</source>
        <translation>导出文件中片段之间加入的静音</translation>
    </message>
    <message>
        <source>loudness as generated</source>
        <translation>响度保持原样</translation>
    </message>
    <message>
        <source>-16 LUFS (podcast)</source>
        <translation>-16 LUFS（播客）</translation>
    </message>
    <message>
        <source>-23 LUFS (broadcast)</source>
        <translation>-23 LUFS（广播）</translation>
    </message>
    <message>
        <source>Loudness of exported files (EBU R128). A peak guard keeps every export from clipping.</source>
        <translation>导出文件的响度（EBU R128）。峰值保护保证任何导出都不会削波。</translation>
    </message>
    <message>
        <source>Level segments</source>
        <translation>统一片段响度</translation>
    </message>
    <message>
        <source>Bring every segment of a long take to the same loudness in exported files</source>
        <translation>导出时把长文本的每个片段调到相同响度</translation>
    </message>
    <message>
        <source>Trim silence</source>
        <translation>裁掉静音</translation>
    </message>
    <message>
        <source>Cut long silence at the start and end of exported files</source>
        <translation>导出时裁掉开头和结尾的长静音</translation>
    </message>
    <message>
        <source>no subtitles</source>
        <translation>不要字幕</translation>
    </message>
    <message>
        <source>SRT subtitles</source>
        <translation>SRT 字幕</translation>
    </message>
    <message>
        <source>WebVTT subtitles</source>
        <translation>WebVTT 字幕</translation>
    </message>
    <message>
        <source>Subtitles written beside each exported file: one cue per segment, with the text as you wrote it</source>
        <translation>在每个导出文件旁写出字幕：每个片段一条，文字保持你写的原样</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::FileDialogs</name>
    <message>
        <source>Audio files (*.wav *.flac *.ogg *.oga *.opus *.mp3);;All files (*)</source>
        <translation>音频文件 (*.wav *.flac *.ogg *.oga *.opus *.mp3);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open prompt clip…</source>
        <translation>打开参考音频(&amp;O)…</translation>
    </message>
    <message>
        <source>Open prompt clip</source>
        <translation>打开参考音频</translation>
    </message>
    <message>
        <source>Open source clip for voice &amp;conversion…</source>
        <translation>打开音色转换的源音频(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Save voice…</source>
        <translation>保存音色(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the selected part of the clip as a voice</source>
        <translation>将参考音频中选中的部分保存为音色</translation>
    </message>
    <message>
        <source>Open or record a prompt clip first</source>
        <translation>请先打开或录制参考音频</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Open sc&amp;ript…</source>
        <translation>打开脚本(&amp;R)…</translation>
    </message>
    <message>
        <source>Save script &amp;as…</source>
        <translation>脚本另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Open script</source>
        <translation>打开脚本</translation>
    </message>
    <message>
        <source>Where is the voice of “%1”? (%2 is gone)</source>
        <translation>“%1”的音色在哪里？（%2 已不存在）</translation>
    </message>
    <message>
        <source>CosyStudio voices (*%1)</source>
        <translation>CosyStudio 音色 (*%1)</translation>
    </message>
    <message>
        <source>Opened the script %1</source>
        <translation>已打开脚本 %1</translation>
    </message>
    <message>
        <source>Cannot open the script %1: %2</source>
        <translation>无法打开脚本 %1：%2</translation>
    </message>
    <message>
        <source>Save script</source>
        <translation>保存脚本</translation>
    </message>
    <message>
        <source>Saved the script as %1</source>
        <translation>脚本已保存为 %1</translation>
    </message>
    <message>
        <source>Cannot save the script %1: %2</source>
        <translation>无法保存脚本 %1：%2</translation>
    </message>
    <message>
        <source>CosyStudio scripts (*.json)</source>
        <translation>CosyStudio 脚本 (*.json)</translation>
    </message>
    <message>
        <source>Open s&amp;ubtitles…</source>
        <translation>打开字幕(&amp;U)…</translation>
    </message>
    <message>
        <source>Open subtitles to dub</source>
        <translation>打开要配音的字幕</translation>
    </message>
    <message>
        <source>Subtitles (*.srt *.vtt);;All files (*)</source>
        <translation>字幕 (*.srt *.vtt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Speak each cue of an SRT or WebVTT file at its time, in the voice and style in use, as one take</source>
        <translation>用当前的声音和风格，在 SRT 或 WebVTT 文件中每条字幕的时间朗读它，合成一个结果</translation>
    </message>
    <message>
        <source>Open &amp;book…</source>
        <translation>打开书籍(&amp;B)…</translation>
    </message>
    <message>
        <source>Open a book</source>
        <translation>打开书籍</translation>
    </message>
    <message>
        <source>Books (*.epub *.md *.markdown *.txt);;All files (*)</source>
        <translation>书籍 (*.epub *.md *.markdown *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Read an EPUB, Markdown or text book into chapters and make each one a file</source>
        <translation>把 EPUB、Markdown 或文本书籍分成章节，每章生成一个文件</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::GeneratePanel</name>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Queue the text for synthesis (Ctrl+Return)</source>
        <translation>将文本加入合成队列（Ctrl+回车）</translation>
    </message>
    <message>
        <source>Stop the running job (Esc); it stops within one step</source>
        <translation>停止正在运行的任务（Esc）；会在一步之内停下</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Real-time factor (below 1 is faster than real time), time to the first audio and speech tokens per second</source>
        <translation>实时率（小于 1 表示快于实时）、首包音频延迟，以及每秒生成的语音 token 数</translation>
    </message>
    <message>
        <source>Queue:</source>
        <translation>队列：</translation>
    </message>
    <message>
        <source>segment %1 of %2 · %3</source>
        <translation>第 %1/%2 段 · %3</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Jobs run one at a time; right-click a job to remove or reorder it</source>
        <translation>任务逐个运行；右键单击任务可移除或调整顺序</translation>
    </message>
    <message>
        <source>Select a job in the queue to remove it</source>
        <translation>请先在队列中选择要移除的任务</translation>
    </message>
    <message>
        <source>Stop the running job (it stops within one step)</source>
        <translation>停止正在运行的任务（在一步之内停止）</translation>
    </message>
    <message>
        <source>Remove the selected job from the queue (Delete)</source>
        <translation>从队列中移除所选任务（Delete）</translation>
    </message>
    <message>
        <source>Remove the selected waiting job from the queue (Esc)</source>
        <translation>从队列中移除所选的等待任务（Esc）</translation>
    </message>
    <message>
        <source>No job is running; select a waiting job to remove it</source>
        <translation>没有正在运行的任务；选择一个等待中的任务可将其移除</translation>
    </message>
    <message>
        <source>&amp;Remove from the queue</source>
        <translation>从队列中移除(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop this job</source>
        <translation>停止此任务(&amp;S)</translation>
    </message>
    <message>
        <source>Run &amp;next</source>
        <translation>下一个运行(&amp;N)</translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>Cancel &amp;all jobs</source>
        <translation>取消所有任务(&amp;A)</translation>
    </message>
    <message>
        <source>Preparing voice…</source>
        <translation>正在准备音色…</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>ran away</source>
        <translation>失控</translation>
    </message>
    <message>
        <source>Speaks: the saved voice “%1”</source>
        <translation>当前音色：已保存的音色“%1”</translation>
    </message>
    <message>
        <source>Speaks: the voice of the prompt clip %1</source>
        <translation>当前音色：参考音频 %1 的音色</translation>
    </message>
    <message>
        <source>No voice yet: open or record a prompt clip, or pick a saved voice</source>
        <translation>还没有音色：请打开或录制参考音频，或选择一个已保存的音色</translation>
    </message>
    <message>
        <source>Speaks: a script of %1</source>
        <translation>当前音色：%1 的脚本</translation>
    </message>
    <message>
        <source>RTF %1</source>
        <translation>实时率 %1</translation>
    </message>
    <message>
        <source>first audio after %1 s</source>
        <translation>首包音频 %1 秒</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>%1 elapsed</source>
        <translation>已用 %1</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::HeardTranscript</name>
    <message>
        <source>Listening to the clip…</source>
        <translation>正在识别音频…</translation>
    </message>
    <message>
        <source>The recogniser heard no words in the selection.</source>
        <translation>识别模型在选中片段里没有听到任何话语。</translation>
    </message>
    <message>
        <source>The recogniser could not listen to the clip: %1</source>
        <translation>识别模型无法识别这段音频：%1</translation>
    </message>
    <message>
        <source>✓ The recogniser hears what the transcript says.</source>
        <translation>✓ 识别结果与参考文本一致。</translation>
    </message>
    <message>
        <source>“%1” for “%2”</source>
        <translation>“%2”听起来是“%1”</translation>
    </message>
    <message>
        <source>“%1” not heard</source>
        <translation>没听到“%1”</translation>
    </message>
    <message>
        <source>“%1” not in the transcript</source>
        <translation>多出“%1”</translation>
    </message>
    <message>
        <source>and %1 more</source>
        <translation>另有 %1 处</translation>
    </message>
    <message>
        <source>⚠ The clip seems to say “%1”: %2. &lt;a href=&quot;%3&quot;&gt;Use what was heard&lt;/a&gt;</source>
        <translation>⚠ 片段听起来说的是“%1”：%2。&lt;a href=&quot;%3&quot;&gt;改用识别结果&lt;/a&gt;</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Heard by the recogniser — check it</source>
        <translation>由识别模型听写，请核对</translation>
    </message>
    <message>
        <source>Written by the recogniser from the selection: play it and correct what it misheard.</source>
        <translation>由识别模型根据选中片段写出：请播放选区，改正听错的地方。</translation>
    </message>
    <message>
        <source>Have the transcript written for you: &lt;a href=&quot;%1&quot;&gt;download the recogniser&lt;/a&gt; (about 900 MB).</source>
        <translation>让程序替你写出参考文本：&lt;a href=&quot;%1&quot;&gt;下载语音识别模型&lt;/a&gt;（约 900 MB）。</translation>
    </message>
    <message>
        <source>Have the transcript checked against the clip: &lt;a href=&quot;%1&quot;&gt;download the recogniser&lt;/a&gt; (about 900 MB).</source>
        <translation>让程序对照音频核对参考文本：&lt;a href=&quot;%1&quot;&gt;下载语音识别模型&lt;/a&gt;（约 900 MB）。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Markup reference</source>
        <translation>标注参考(&amp;M)</translation>
    </message>
    <message>
        <source>Save &amp;diagnostics…</source>
        <translation>保存诊断信息(&amp;D)…</translation>
    </message>
    <message>
        <source>Save diagnostics</source>
        <translation>保存诊断信息</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>&amp;About CosyStudio</source>
        <translation>关于 CosyStudio(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::HistoryPanel</name>
    <message>
        <source>Make the selected segment (or one of the selected take&apos;s) again with a new seed</source>
        <translation>用新种子重新生成所选片段（或所选结果中的一个片段）</translation>
    </message>
    <message>
        <source>E&amp;dit segment…</source>
        <translation>编辑片段(&amp;D)…</translation>
    </message>
    <message>
        <source>Change the text of the selected segment and make it again</source>
        <translation>修改所选片段的文本并重新生成</translation>
    </message>
    <message>
        <source>A voice conversion has no text to make again; convert the source clip again instead.</source>
        <translation>声音转换没有可重新生成的文本；请重新转换源片段。</translation>
    </message>
    <message>
        <source>Edit segment</source>
        <translation>编辑片段</translation>
    </message>
    <message>
        <source>Text of segment %1, made again when you press OK:</source>
        <translation>片段 %1 的文本，按“确定”后重新生成：</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play or stop the selected take (Space)</source>
        <translation>播放或停止选中的结果（空格键）</translation>
    </message>
    <message>
        <source>Position in the take; drag to seek</source>
        <translation>播放位置；拖动可跳转</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the selected take as WAV with a JSON file of its settings (Ctrl+E)</source>
        <translation>将选中的结果导出为 WAV，并附带记录其参数的 JSON 文件（Ctrl+E）</translation>
    </message>
    <message>
        <source>Export &amp;all…</source>
        <translation>全部导出(&amp;A)…</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Select a take to export.</source>
        <translation>请选择要导出的结果。</translation>
    </message>
    <message>
        <source>Export take</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <source>Regenerate segment</source>
        <translation>重新生成片段</translation>
    </message>
    <message>
        <source>Segment (1 to %1):</source>
        <translation>片段序号（1 到 %1）：</translation>
    </message>
    <message>
        <source>Export all takes to</source>
        <translation>将全部结果导出到</translation>
    </message>
    <message>
        <source>&amp;Regenerate segment</source>
        <translation>重新生成片段(&amp;R)</translation>
    </message>
    <message>
        <source>%1 s of %2 s</source>
        <translation>%1 秒 / 共 %2 秒</translation>
    </message>
    <message>
        <source>The take stays in this list until you quit: export it (File → Export take…) to keep it.</source>
        <translation>在退出程序前，这条结果会一直保留在列表中：请导出它（文件 → 导出结果…）以便保存。</translation>
    </message>
    <message>
        <source>Take #%1 could not be saved in the outputs folder.
%2
%3</source>
        <translation>第 %1 条结果无法保存到输出文件夹。
%2
%3</translation>
    </message>
    <message>
        <source>Where takes, clips and voices are played (also in Settings)</source>
        <translation>播放生成结果、参考音频和音色所用的设备（也可在设置中选择）</translation>
    </message>
    <message>
        <source>%1 s of %2 s…</source>
        <translation>%1 秒 / 共 %2 秒…</translation>
    </message>
    <message>
        <source>&amp;Export take…</source>
        <translation>导出结果(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;all takes…</source>
        <translation>导出全部结果(&amp;A)…</translation>
    </message>
    <message>
        <source>No takes yet: generate one first</source>
        <translation>还没有生成结果：请先生成一个</translation>
    </message>
    <message>
        <source>Select a take first</source>
        <translation>请先选择一条生成结果</translation>
    </message>
    <message>
        <source>A voice conversion has no text to make again</source>
        <translation>音色转换没有可重新生成的文本</translation>
    </message>
    <message>
        <source>Save every take in the list to a folder</source>
        <translation>将列表中的每条生成结果保存到一个文件夹</translation>
    </message>
    <message>
        <source>%1 files (*%2)</source>
        <translation>%1 文件 (*%2)</translation>
    </message>
    <message>
        <source>Takes of this session, with the segments of long ones; double-click to play, right-click for more</source>
        <translation>本次会话的生成结果（较长的结果会列出各片段）；双击播放，右键单击查看更多操作</translation>
    </message>
    <message>
        <source>&amp;Delete take</source>
        <translation>删除结果(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Undo delete</source>
        <translation>撤销删除(&amp;U)</translation>
    </message>
    <message>
        <source>Move the selected take&apos;s files to the trash (Undo brings them back)</source>
        <translation>将所选结果的文件移到回收站（撤销即可恢复）</translation>
    </message>
    <message>
        <source>The take is still being written</source>
        <translation>这条结果仍在写入</translation>
    </message>
    <message>
        <source>Bring back the take deleted last</source>
        <translation>恢复最近删除的结果</translation>
    </message>
    <message>
        <source>Nothing deleted</source>
        <translation>没有已删除的结果</translation>
    </message>
    <message>
        <source>Listen to take #%1: %2</source>
        <translation>请试听第 %1 条结果：%2</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Re&amp;name…</source>
        <translation>重命名(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Copy text</source>
        <translation>复制文本(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Use these settings again</source>
        <translation>再次使用这些设置(&amp;U)</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>Take #%1 moved to the trash; Undo (Ctrl+Z in the list) brings it back.</source>
        <translation>第 %1 条结果已移到回收站；撤销（在列表中按 Ctrl+Z）即可恢复。</translation>
    </message>
    <message>
        <source>Take #%1 is back.</source>
        <translation>第 %1 条结果已恢复。</translation>
    </message>
    <message>
        <source>Rename take</source>
        <translation>重命名结果</translation>
    </message>
    <message>
        <source>Name of take #%1 (empty: its text):</source>
        <translation>第 %1 条结果的名称（留空则显示其文本）：</translation>
    </message>
    <message>
        <source>Text copied.</source>
        <translation>文本已复制。</translation>
    </message>
    <message>
        <source>No file manager could be opened; the take is in %1</source>
        <translation>无法打开文件管理器；该结果位于 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n earlier take(s) could not be read back: %1</source>
        <translation>
            <numerusform>有 %n 条以前的结果无法读回：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>A dubbed cue is made to fit its time with the others: open the subtitles again to dub them again</source>
        <translation>配音的每条字幕都与其他字幕一起按时间排好：要重新配音，请再次打开字幕</translation>
    </message>
    <message>
        <source>A dubbed cue is made to fit its time with the others: open the subtitles again to dub them again.</source>
        <translation>配音的每条字幕都与其他字幕一起按时间排好：要重新配音，请再次打开字幕。</translation>
    </message>
    <message>
        <source>Take #%1 keeps what the job made before it stopped; Resume (right-click) goes on from there.</source>
        <translation>第 %1 条结果保留了任务停止前已生成的部分；“继续生成”（右键单击）会从那里接着生成。</translation>
    </message>
    <message>
        <source>Take #%1 keeps what a job made before CosyStudio stopped; Resume (right-click) goes on from there.</source>
        <translation>第 %1 条结果保留了 CosyStudio 停止前某个任务已生成的部分；“继续生成”（右键单击）会从那里接着生成。</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation>继续生成(&amp;S)</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::JobQueueModel</name>
    <message>
        <source>Running: %1</source>
        <translation>正在生成：%1</translation>
    </message>
    <message>
        <source>Waiting: %1</source>
        <translation>等待中：%1</translation>
    </message>
    <message>
        <source>Stopping: %1</source>
        <translation>正在停止：%1</translation>
    </message>
    <message>
        <source>Runs again after the reset: %1</source>
        <translation>重置后重新运行：%1</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ListeningPage</name>
    <message>
        <source>none</source>
        <translation>不重做</translation>
    </message>
    <message>
        <source>&amp;Listen back to every segment made</source>
        <translation>回听生成的每个片段(&amp;L)</translation>
    </message>
    <message>
        <source>The recogniser hears each segment: what it says against the text, the speaker against the voice, and how fast it speaks against the voice&apos;s own rate</source>
        <translation>识别模型逐段回听：说的内容与文本比对，说话人与音色比对，语速与音色本身的语速比对</translation>
    </message>
    <message>
        <source>A text&apos;s segment that fails is made again with new seeds up to this many times, and the best try is kept</source>
        <translation>未通过检查的文本片段用新的种子重做，最多这么多次，保留最好的一次</translation>
    </message>
    <message>
        <source>A book&apos;s paragraph or a script&apos;s line that fails is made again with new seeds up to this many times; those that still fail are listed on the take</source>
        <translation>未通过检查的书籍段落或脚本行用新的种子重做，最多这么多次；仍未通过的列在这条录音上</translation>
    </message>
    <message>
        <source>The most of the text the recogniser may hear otherwise: the character error rate in Chinese, Cantonese and Japanese, the word error rate otherwise (0.20 = 20 %)</source>
        <translation>识别模型听到的内容与文本不同的最大比例：中文、粤语和日语按字错率，其他语言按词错率（0.20 = 20%）</translation>
    </message>
    <message>
        <source>The least the speaker may sound like the voice (cosine of the speaker embeddings; the same speaker usually scores above 0.6)</source>
        <translation>说话人与音色的最低相似度（说话人嵌入向量的余弦；同一说话人通常高于 0.6）</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>The most a segment may speak faster or slower than the voice (times the speed asked for): more usually means babbling, words left out or long silences</source>
        <translation>片段语速比音色快或慢的最大倍数（已计入所要求的语速）：超出通常意味着胡言乱语、漏字或长时间停顿</translation>
    </message>
    <message>
        <source>A segment that fails is marked in the takes list with what the recogniser heard.</source>
        <translation>未通过的片段会在录音列表中标出，并显示识别模型听到的内容。</translation>
    </message>
    <message>
        <source>The recogniser is not installed, so nothing is checked: download it with Engine → Download recogniser…, or name its folder on the General page.</source>
        <translation>未安装语音识别模型，因此不做检查：请用“引擎 → 下载语音识别模型…”下载，或在“常规”页填写它的文件夹。</translation>
    </message>
    <message>
        <source>&amp;Retakes for a text:</source>
        <translation>文本重做次数(&amp;R)：</translation>
    </message>
    <message>
        <source>Retakes for &amp;books and scripts:</source>
        <translation>书籍和脚本重做次数(&amp;B)：</translation>
    </message>
    <message>
        <source>Highest &amp;error rate:</source>
        <translation>最高错误率(&amp;E)：</translation>
    </message>
    <message>
        <source>Lowest speaker &amp;similarity:</source>
        <translation>最低音色相似度(&amp;S)：</translation>
    </message>
    <message>
        <source>Largest speaking ra&amp;te ratio:</source>
        <translation>最大语速倍数(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::MainWindow</name>
    <message>
        <source>Diagnostics saved to %1: attach it to a bug report.</source>
        <translation>诊断信息已保存到 %1：报告问题时请附上它。</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Prompt clip</source>
        <translation>参考音频</translation>
    </message>
    <message>
        <source>Voice, style and generate</source>
        <translation>音色、风格与生成</translation>
    </message>
    <message>
        <source>Takes</source>
        <translation>生成记录</translation>
    </message>
    <message>
        <source>Voices</source>
        <translation>音色库</translation>
    </message>
    <message>
        <source>%1 is not a usable model folder:
%2</source>
        <translation>%1 不是可用的模型文件夹：
%2</translation>
    </message>
    <message>
        <source>Prompt clip: %1</source>
        <translation>参考音频：%1</translation>
    </message>
    <message>
        <source>Cancelling the running job, then resetting; it stays in the queue.</source>
        <translation>正在取消当前任务，随后重置引擎；该任务仍保留在队列中。</translation>
    </message>
    <message>
        <source>CosyStudio could not be started again; please start it yourself.</source>
        <translation>无法重新启动 CosyStudio，请手动启动。</translation>
    </message>
    <message>
        <source>The new model could not be loaded; the model from %1 is still loaded.
%2</source>
        <translation>新模型无法加载；仍在使用 %1 中的模型。
%2</translation>
    </message>
    <message>
        <source>Other programs can now speak through %1</source>
        <translation>其他程序现在可以通过 %1 合成语音</translation>
    </message>
    <message>
        <source>Book</source>
        <translation>书籍</translation>
    </message>
    <message>
        <source>The book %1 cannot be opened: %2</source>
        <translation>无法打开书籍 %1：%2</translation>
    </message>
    <message>
        <source>Prompt clip: %1; it speaks now instead of the saved voice “%2”.</source>
        <translation>参考音频：%1；现在由它发声，不再使用已保存的声音“%2”。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::MarkupHighlighter</name>
    <message>
        <source>The model does not know this tag: it would be read out as text.</source>
        <translation>模型不认识这个标签：它会被当作文本读出来。</translation>
    </message>
    <message>
        <source>Spoken by the saved voice “%1”</source>
        <translation>由已保存的音色“%1”朗读</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::MarkupReference</name>
    <message>
        <source>Markup reference</source>
        <translation>标注参考</translation>
    </message>
    <message>
        <source>&lt;p&gt;Markup in the text changes how it is read. The text panel colours the markup the model knows; markup it does not know is underlined in red, as it would be read out as text.&lt;/p&gt;</source>
        <translation>&lt;p&gt;文本中的标注改变它的读法。文本面板为模型认识的标注着色；模型不认识的标注带红色下划线，因为它会被当作文字读出来。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Chinese: pinyin&lt;/h3&gt;&lt;p&gt;In place of a character, its reading: the initial and the final with its tone mark, each in brackets. %1 reads 好 as hào; a syllable without an initial is one tag, as in %2. The neutral tone has no mark.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;中文：拼音&lt;/h3&gt;&lt;p&gt;用读音代替汉字：声母和带声调符号的韵母，各放在一对方括号里。%1 把“好”读作 hào；没有声母的音节只有一个标注，如 %2。轻声不标声调。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;English: CMU phones&lt;/h3&gt;&lt;p&gt;In place of a word, its phones as the CMU Pronouncing Dictionary writes them, each in brackets: %1 for “mind”. A vowel carries its stress: 1 main, 2 secondary, 0 none.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;英文：CMU 音素&lt;/h3&gt;&lt;p&gt;用音素代替单词，写法同 CMU 发音词典，每个音素放在一对方括号里：%1 表示 “mind”。元音带重音数字：1 为主重音，2 为次重音，0 为不重读。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Pronunciation…&lt;/b&gt; (Ctrl+P) writes both: select a Chinese character or an English word, or put the cursor right after the character or inside the word, then pick a reading from the dictionary or type one (%1, %2).&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;发音…&lt;/b&gt;（Ctrl+P）可以代写这两种标注：选中一个汉字或英文单词，或把光标放在汉字后面或英文单词里，然后从词典中选一个读音，或自己输入（%1、%2）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Tags&lt;/h3&gt;&lt;p&gt;The &lt;b&gt;Insert&lt;/b&gt; bar puts a tag at the cursor; a pair goes around the selected words.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;标签&lt;/h3&gt;&lt;p&gt;&lt;b&gt;插入&lt;/b&gt;栏把标签放在光标处；成对的标签包住选中的文字。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The loaded model also knows %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;已载入的模型还认识 %1。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Instructions&lt;/h3&gt;&lt;p&gt;In the %1 mode, a short instruction says how to speak; it is not read out. Instructions longer than %2 characters are often ignored or read out. The presets are instructions the model was trained on:&lt;/p&gt;</source>
        <translation>&lt;h3&gt;指令&lt;/h3&gt;&lt;p&gt;在“%1”模式下，用一句简短的指令说明怎样说；指令本身不会被读出。超过 %2 个字符的指令常被忽略或被读出。预设是模型训练时用过的指令：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::MemoryMeter</name>
    <message>
        <source>VRAM %1 allocated · %2 reserved · %3 free · RAM %4</source>
        <translation>显存 已分配 %1 · 已预留 %2 · 可用 %3 · 内存 %4</translation>
    </message>
    <message>
        <source>RAM %1</source>
        <translation>内存 %1</translation>
    </message>
    <message>
        <source>Graph: host memory (and VRAM reserved/allocated on a GPU) over the last %1 samples</source>
        <translation>曲线：最近 %1 次采样的内存占用（使用 GPU 时还包括已预留/已分配的显存）</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ModelDownloadDialog</name>
    <message>
        <source>Download the model</source>
        <translation>下载模型</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>ModelScope</source>
        <translation>ModelScope（魔搭）</translation>
    </message>
    <message>
        <source>A Hugging Face mirror</source>
        <translation>Hugging Face 镜像</translation>
    </message>
    <message>
        <source>The address of a Hugging Face mirror, as in the HF_ENDPOINT variable</source>
        <translation>Hugging Face 镜像的地址，与 HF_ENDPOINT 变量的写法相同</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>下载(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Use this model</source>
        <translation>使用此模型(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Mirror:</source>
        <translation>镜像(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>仓库(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Total:</source>
        <translation>总计：</translation>
    </message>
    <message>
        <source>Listing the files…</source>
        <translation>正在列出文件…</translation>
    </message>
    <message>
        <source>Cancelled. What arrived is kept: Download goes on from there.</source>
        <translation>已取消。已下载的部分会保留：再次下载时从那里继续。</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <source>Downloading; each file is checked against the hash the hub publishes for it.</source>
        <translation>正在下载；每个文件都会与仓库公布的哈希值核对。</translation>
    </message>
    <message>
        <source>Downloaded, but the folder cannot be used:
%1</source>
        <translation>已下载，但该文件夹无法使用：
%1</translation>
    </message>
    <message>
        <source>✓ Downloaded and checked: every required file is present.</source>
        <translation>✓ 已下载并检查：所有必需的文件都在。</translation>
    </message>
    <message>
        <source>The download stopped: %1</source>
        <translation>下载已停止：%1</translation>
    </message>
    <message>
        <source>Allow un&amp;verified files (the hub publishes no hash for them)</source>
        <translation>允许未校验的文件(&amp;V)（仓库没有公布它们的哈希值）</translation>
    </message>
    <message>
        <source>Allow plain &amp;http (files and hashes come unprotected from one server)</source>
        <translation>允许未加密的 http(&amp;H)（文件和哈希值都未经保护地来自同一台服务器）</translation>
    </message>
    <message>
        <source>Download the recogniser</source>
        <translation>下载语音识别模型</translation>
    </message>
    <message>
        <source>&amp;Use this recogniser</source>
        <translation>使用此识别模型(&amp;U)</translation>
    </message>
    <message>
        <source>The recogniser (SenseVoice-Small, about 900 MB) writes the transcript of a prompt clip for you and checks the one you type against the clip. It runs on the CPU, beside the speech model.</source>
        <translation>语音识别模型（SenseVoice-Small，约 900 MB）替你写出参考音频的参考文本，并对照音频核对你输入的文本。它在 CPU 上运行，与语音合成模型互不干扰。</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s), %1 in all; %2 to download into %3.</source>
        <translation>
            <numerusform>共 %n 个文件，%1；需下载 %2 到 %3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ModelFolderDialog</name>
    <message>
        <source>Choose the CosyVoice3 model folder</source>
        <translation>选择 CosyVoice3 模型文件夹</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Load</source>
        <translation>加载(&amp;L)</translation>
    </message>
    <message>
        <source>✓ Every required file is present.</source>
        <translation>✓ 所需文件齐全。</translation>
    </message>
    <message>
        <source>&lt;b&gt;This folder cannot be used yet:&lt;/b&gt;&lt;ul&gt;</source>
        <translation>&lt;b&gt;该文件夹暂时无法使用：&lt;/b&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;CosyStudio speaks with the Fun-CosyVoice3-0.5B-2512 model, which is downloaded separately: from &lt;a href=&quot;%1&quot;&gt;ModelScope&lt;/a&gt; or from &lt;a href=&quot;%2&quot;&gt;Hugging Face&lt;/a&gt;.&lt;/p&gt;&lt;p&gt;Choose the folder of the download that holds &lt;code&gt;cosyvoice3.yaml&lt;/code&gt;, &lt;code&gt;llm.pt&lt;/code&gt; and/or &lt;code&gt;llm.rl.pt&lt;/code&gt;, &lt;code&gt;flow.pt&lt;/code&gt;, &lt;code&gt;hift.pt&lt;/code&gt;, &lt;code&gt;campplus.onnx&lt;/code&gt;, &lt;code&gt;speech_tokenizer_v3.onnx&lt;/code&gt; and the folder &lt;code&gt;CosyVoice-BlankEN&lt;/code&gt;.&lt;/p&gt;&lt;p&gt;No download yet? &lt;b&gt;Download…&lt;/b&gt; fetches it for you (later too: Engine → Download model…).&lt;/p&gt;</source>
        <translation>&lt;p&gt;CosyStudio 使用 Fun-CosyVoice3-0.5B-2512 模型发声，该模型需另行下载：可从&lt;a href=&quot;%1&quot;&gt;魔搭社区 ModelScope&lt;/a&gt; 或 &lt;a href=&quot;%2&quot;&gt;Hugging Face&lt;/a&gt; 下载。&lt;/p&gt;&lt;p&gt;请选择下载内容中的那个文件夹：其中有 &lt;code&gt;cosyvoice3.yaml&lt;/code&gt;、&lt;code&gt;llm.pt&lt;/code&gt; 和/或 &lt;code&gt;llm.rl.pt&lt;/code&gt;、&lt;code&gt;flow.pt&lt;/code&gt;、&lt;code&gt;hift.pt&lt;/code&gt;、&lt;code&gt;campplus.onnx&lt;/code&gt;、&lt;code&gt;speech_tokenizer_v3.onnx&lt;/code&gt; 以及文件夹 &lt;code&gt;CosyVoice-BlankEN&lt;/code&gt;。&lt;/p&gt;&lt;p&gt;还没有下载？&lt;b&gt;下载…&lt;/b&gt;会为您获取模型（以后也可以：引擎 → 下载模型…）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Download…</source>
        <translation>下载(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Use “%1”</source>
        <translation>使用“%1”(&amp;U)</translation>
    </message>
    <message>
        <source>&lt;p&gt;The model is on another machine? &lt;b&gt;Engine → Settings… → Engine&lt;/b&gt; makes the speech with a CosyStudio server there instead.&lt;/p&gt;</source>
        <translation>&lt;p&gt;模型在另一台机器上？&lt;b&gt;引擎 → 设置… → 引擎&lt;/b&gt;可改用那里的 CosyStudio 服务器生成语音。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::PcmPlayer</name>
    <message>
        <source>The audio output device could not be opened.</source>
        <translation>无法打开音频输出设备。</translation>
    </message>
    <message>
        <source>No audio output device is available: connect speakers or headphones.</source>
        <translation>没有可用的音频输出设备：请连接扬声器或耳机。</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ReplacementRulesDialog</name>
    <message>
        <source>Replacement rules</source>
        <translation>替换规则</translation>
    </message>
    <message>
        <source>Before the text is normalised, each “Find” is replaced by its “Replace with”, in this order. Use it for names and words the model misreads; the replacement may hold pinyin or CMU phone markup.</source>
        <translation>在文本规范化之前，按顺序把每个“查找”替换成对应的“替换为”。可用于模型读错的名字和词语；替换内容可以包含拼音或 CMU 音素标记。</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <source>&amp;Add rule</source>
        <translation>添加规则(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove rule</source>
        <translation>删除规则(&amp;R)</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::SessionProblems</name>
    <message>
        <source>The model could not be loaded: %1</source>
        <translation>无法加载模型：%1</translation>
    </message>
    <message>
        <source>Job #%1 failed: %2</source>
        <translation>任务 #%1 失败：%2</translation>
    </message>
    <message>
        <source>The voice %1 could not be saved: %2</source>
        <translation>无法保存音色 %1：%2</translation>
    </message>
    <message>
        <source>The GPU reported an error that only a restart can clear (%1). Use Engine → Restart application; your text, clip and settings are kept.</source>
        <translation>GPU 报告了一个只有重启才能清除的错误（%1）。请使用“引擎 → 重启应用”；文本、参考音频和设置都会保留。</translation>
    </message>
    <message>
        <source>The engine could not be reset: %1
No model is loaded now: choose one with Engine → Choose model folder…; the queue, text, clip and takes are kept.</source>
        <translation>引擎无法重置：%1
现在没有加载模型：请用“引擎 → 选择模型文件夹…”选择一个；队列、文本、提示音频和生成记录都保留着。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::SettingsDialog</name>
    <message>
        <source>RL-tuned (llm.rl.pt) when the folder has it</source>
        <translation>RL 微调版（llm.rl.pt，文件夹中有时）</translation>
    </message>
    <message>
        <source>Base (llm.pt)</source>
        <translation>基础版（llm.pt）</translation>
    </message>
    <message>
        <source>The release&apos;s evaluation shows fewer errors for the RL-tuned language model</source>
        <translation>官方发布的评测显示 RL 微调版语言模型的错误更少</translation>
    </message>
    <message>
        <source>Language &amp;model:</source>
        <translation>语言模型(&amp;M)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>On a GPU a segment takes seconds; one still generating after this long has run away (babbling or repeating) and is stopped so it can be made again with another seed</source>
        <translation>在 GPU 上一个片段只需几秒；超过这个时间仍在生成的片段已经失控（胡言乱语或重复），会被停止，以便换一个种子重新生成</translation>
    </message>
    <message>
        <source>&amp;Stop a segment on the GPU after:</source>
        <translation>GPU 上片段超时停止(&amp;S)：</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>GPU %1: %2</source>
        <translation>GPU %1：%2</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>keep every take</source>
        <translation>全部保留</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Delete takes in the outputs folder older than this</source>
        <translation>删除输出文件夹中早于此期限的生成结果</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Free the model&apos;s memory for other programs when CosyStudio is idle; it is loaded again for the next job</source>
        <translation>CosyStudio 空闲时释放模型占用的内存，留给其他程序使用；下次任务时会重新加载</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <source>Delete takes &amp;older than:</source>
        <translation>删除早于此期限的结果(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Unload the model when idle for:</source>
        <translation>空闲多久后卸载模型(&amp;U)：</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>界面语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Compute capability %1.%2 · %3 free of %4</source>
        <translation>计算能力 %1.%2 · 可用显存 %3 / 共 %4</translation>
    </message>
    <message>
        <source>Runs everywhere; much slower than a GPU.</source>
        <translation>任何电脑都能运行，但比 GPU 慢得多。</translation>
    </message>
    <message numerus="yes">
        <source>all %n core(s)</source>
        <translation>
            <numerusform>全部 %n 个核心</numerusform>
        </translation>
    </message>
    <message>
        <source>Threads the networks use on the CPU (%1)</source>
        <translation>神经网络在 CPU 上使用的线程数（%1）</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>CPU 线程数(&amp;T)：</translation>
    </message>
    <message>
        <source>Where takes, clips and voices are played</source>
        <translation>播放生成结果、参考音频和音色所用的设备</translation>
    </message>
    <message>
        <source>&amp;Audio output:</source>
        <translation>音频输出(&amp;A)：</translation>
    </message>
    <message>
        <source>Every take is kept here as a WAV with a JSON file of its settings; the history is read back from it on start</source>
        <translation>每条生成结果都以 WAV 及记录其设置的 JSON 文件保存在这里；启动时从这里读回历史记录</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Outputs folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>Outputs &amp;folder:</source>
        <translation>输出文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>No GPU can be used: %1</source>
        <translation>无法使用任何 GPU：%1</translation>
    </message>
    <message>
        <source>This GPU cannot be used: %1</source>
        <translation>无法使用此 GPU：%1</translation>
    </message>
    <message>
        <source>No GPU can be used here: the limit on the CPU below applies</source>
        <translation>这里没有可用的 GPU：适用下方的 CPU 时限</translation>
    </message>
    <message>
        <source>On the CPU the full model takes 40 to 80 times as long as the speech it makes on two cores, so a segment of 30 s can take 40 minutes; one still generating after this long has run away and is stopped so it can be made again with another seed</source>
        <translation>在 CPU 上用两个核心运行时，完整模型所需的时间是所生成语音时长的 40 到 80 倍，因此一个 30 秒的片段可能要 40 分钟；超过这个时间仍在生成的片段已经失控，会被停止，以便换一个种子重新生成</translation>
    </message>
    <message>
        <source>Stop a segment on the &amp;CPU after:</source>
        <translation>CPU 上片段超时停止(&amp;C)：</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>尚未加载模型。</translation>
    </message>
    <message>
        <source>In use: %1</source>
        <translation>正在使用：%1</translation>
    </message>
    <message>
        <source>After OK the model is loaded again with %1.</source>
        <translation>点击“确定”后将用 %1 重新加载模型。</translation>
    </message>
    <message>
        <source>Applies at once; text, takes and queue are kept</source>
        <translation>立即生效；文本、生成结果和队列都会保留</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>The silence a script puts where the speaker changes</source>
        <translation>脚本在换人说话处插入的静音</translation>
    </message>
    <message>
        <source>Pause &amp;between speakers:</source>
        <translation>角色之间的停顿(&amp;B)：</translation>
    </message>
    <message>
        <source>×</source>
        <translation> 倍</translation>
    </message>
    <message>
        <source>A dubbed subtitle whose speech is longer than its time is made again faster, up to this speed; one still too long is kept and named in the take&apos;s warnings</source>
        <translation>语音比其时间段长的字幕会以更快的语速重新生成，最快到此语速；仍然太长的会保留，并在结果的警告中列出</translation>
    </message>
    <message>
        <source>Fastest speed for d&amp;ubbing:</source>
        <translation>配音最快语速(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;General</source>
        <translation>常规(&amp;G)</translation>
    </message>
    <message>
        <source>Local &amp;server</source>
        <translation>本地服务器(&amp;S)</translation>
    </message>
    <message>
        <source>127.0.0.1: only programs on this computer. 0.0.0.0 or this computer&apos;s address: other machines too</source>
        <translation>127.0.0.1：仅限本机上的程序。0.0.0.0 或本机地址：其他计算机也可访问</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>任意空闲端口</translation>
    </message>
    <message>
        <source>&amp;Keep the takes of requests in the history</source>
        <translation>在历史中保留请求的结果(&amp;K)</translation>
    </message>
    <message>
        <source>Tools → Serve on localhost lets other programs speak with your saved voices: an OpenAI-compatible API whose requests join the queue of this window.</source>
        <translation>“工具 → 在本机提供服务”让其他程序使用你保存的声音合成语音：一个与 OpenAI 兼容的 API，其请求加入本窗口的队列。</translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation>地址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>“%1” is not an IP address, such as 127.0.0.1.</source>
        <translation>“%1”不是 IP 地址（例如 127.0.0.1）。</translation>
    </message>
    <message>
        <source>PORT</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Clients use the base URL %1</source>
        <translation>客户端使用基础 URL %1</translation>
    </message>
    <message>
        <source> and any API key.</source>
        <translation>，API 密钥可任意填写。</translation>
    </message>
    <message>
        <source> and the token as their API key.</source>
        <translation>，并以令牌作为 API 密钥。</translation>
    </message>
    <message>
        <source>Warning: other machines on the network can use this engine with the token.</source>
        <translation>警告：网络上的其他计算机凭令牌即可使用此引擎。</translation>
    </message>
    <message>
        <source>float32 (exact)</source>
        <translation>float32（精确）</translation>
    </message>
    <message>
        <source>bfloat16 (faster)</source>
        <translation>bfloat16（较快）</translation>
    </message>
    <message>
        <source>float16 (fastest)</source>
        <translation>float16（最快）</translation>
    </message>
    <message>
        <source>Of the language model and the flow; the vocoder always runs in float32</source>
        <translation>用于语言模型和 flow；声码器始终以 float32 运行</translation>
    </message>
    <message>
        <source>int8 (fastest)</source>
        <translation>int8（最快）</translation>
    </message>
    <message>
        <source>int8 is not available here: %1</source>
        <translation>此处无法使用 int8：%1</translation>
    </message>
    <message>
        <source>bfloat16 (faster, more memory)</source>
        <translation>bfloat16（较快，占用更多内存）</translation>
    </message>
    <message>
        <source>none (made when the server first starts)</source>
        <translation>无（服务首次启动时生成）</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Web pages that may use the server, by origin (e.g. http://localhost:3000), separated by spaces. Requests from any other page are refused.</source>
        <translation>允许使用此服务的网页，按来源填写（例如 http://localhost:3000），以空格分隔。其他网页的请求一律拒绝。</translation>
    </message>
    <message>
        <source>&amp;Web pages allowed:</source>
        <translation>允许的网页(&amp;W)：</translation>
    </message>
    <message>
        <source>Listening on %1 lets other machines in: give a token, which every request must then send.</source>
        <translation>在 %1 上监听会让其他计算机接入：请设置令牌，此后每个请求都必须发送它。</translation>
    </message>
    <message>
        <source>The SenseVoiceSmall folder of the recogniser, which writes and checks the transcript of the prompt clip (Engine → Download recogniser…)</source>
        <translation>语音识别模型的 SenseVoiceSmall 文件夹，用于写出并核对参考音频的参考文本（引擎 → 下载语音识别模型…）</translation>
    </message>
    <message>
        <source>B&amp;rowse…</source>
        <translation>浏览(&amp;R)…</translation>
    </message>
    <message>
        <source>Recogniser folder</source>
        <translation>识别模型文件夹</translation>
    </message>
    <message>
        <source>Recog&amp;niser folder:</source>
        <translation>识别模型文件夹(&amp;N)：</translation>
    </message>
    <message>
        <source>Listening &amp;back</source>
        <translation>回听检查(&amp;B)</translation>
    </message>
    <message>
        <source>When set, a request needs &quot;Authorization: Bearer TOKEN&quot;: clients give it as their API key. It is kept in the desktop&apos;s secret store (GNOME Keyring, KWallet, KeePassXC), or where there is none in CosyStudio&apos;s settings file, which only your user can read.</source>
        <translation>设置后，请求须带有“Authorization: Bearer TOKEN”：客户端将其作为 API 密钥提供。它保存在桌面的密钥存储中（GNOME Keyring、KWallet、KeePassXC）；没有密钥存储时保存在 CosyStudio 的设置文件中，只有您的用户可以读取。</translation>
    </message>
    <message>
        <source>The token is kept in the desktop&apos;s secret store.</source>
        <translation>令牌保存在桌面的密钥存储中。</translation>
    </message>
    <message>
        <source>No secret store answered (%1): the token is kept in plain text in CosyStudio&apos;s settings file, which only your user can read.</source>
        <translation>没有密钥存储应答（%1）：令牌以明文保存在 CosyStudio 的设置文件中，只有您的用户可以读取。</translation>
    </message>
    <message>
        <source>The token could not be read from the secret store (%1): a new one is made when the server starts.</source>
        <translation>无法从密钥存储读取令牌（%1）：服务器启动时会生成新的令牌。</translation>
    </message>
    <message>
        <source>Serve &amp;HTTPS</source>
        <translation>提供 HTTPS(&amp;H)</translation>
    </message>
    <message>
        <source>Encrypts what other machines send and receive. Where neither file below exists, a self-signed certificate for this computer is made when the server starts.</source>
        <translation>加密与其他机器之间收发的内容。下面两个文件都不存在时，服务器启动时会为本机生成一个自签名证书。</translation>
    </message>
    <message>
        <source>C&amp;ertificate (PEM):</source>
        <translation>证书（PEM）(&amp;E)：</translation>
    </message>
    <message>
        <source>Certificate&apos;s &amp;key (PEM):</source>
        <translation>证书私钥（PEM）(&amp;K)：</translation>
    </message>
    <message>
        <source>A self-signed certificate is made when the server starts.</source>
        <translation>服务器启动时会生成一个自签名证书。</translation>
    </message>
    <message>
        <source>Its certificate&apos;s SHA-256 fingerprint: %1.</source>
        <translation>其证书的 SHA-256 指纹：%1。</translation>
    </message>
    <message>
        <source>&amp;Engine</source>
        <translation>引擎(&amp;E)</translation>
    </message>
    <message>
        <source>int8 makes the language model several times faster and the flow 1.5 to 3.3 times faster (the most with AMX, where the flow computes in bf16, or AVX-512 VNNI); the vocoder stays in float32</source>
        <translation>int8 让语言模型快几倍，让 flow 快 1.5 到 3.3 倍（有 AMX 时最快，此时 flow 以 bf16 计算；其次是 AVX-512 VNNI）；声码器仍以 float32 运行</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::StylePanel</name>
    <message>
        <source>Zero-shot: clip + transcript. Cross-lingual: clip only, any language. Instruct: clip + a style instruction. Voice conversion: re-speak a clip.</source>
        <translation>极速复刻：参考音频 + 对应文本。跨语种复刻：只需参考音频，可合成任意语种。自然语言控制：参考音频 + 风格指令。音色转换：用参考音色把另一段音频重新说一遍。</translation>
    </message>
    <message>
        <source>(free instruction)</source>
        <translation>（自定义指令）</translation>
    </message>
    <message>
        <source>Dialects, emotions, speed, volume and role play the model was trained on</source>
        <translation>模型训练时学过的方言、情感、语速、音量和角色扮演</translation>
    </message>
    <message>
        <source>e.g. 请用四川话表达。</source>
        <translation>例如：请用四川话表达。</translation>
    </message>
    <message>
        <source>A short instruction; it is never spoken</source>
        <translation>一句简短的指令；它不会被读出来</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Pick a new seed for every take</source>
        <translation>每次生成都换一个新的种子</translation>
    </message>
    <message>
        <source>The same seed, text and voice give the same take</source>
        <translation>种子、文本和音色都相同时，生成结果也相同</translation>
    </message>
    <message>
        <source>Stream (play while generating)</source>
        <translation>流式（边生成边播放）</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Instruction:</source>
        <translation>指令(&amp;I)：</translation>
    </message>
    <message>
        <source>Spee&amp;d:</source>
        <translation>语速(&amp;D)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>used: %1</source>
        <translation>实际使用：%1</translation>
    </message>
    <message>
        <source>1.0× (streaming)</source>
        <translation>1.0×（流式）</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Speaking speed, %1× to %2× (not available while streaming)</source>
        <translation>语速，%1× 到 %2×（流式生成时不可用）</translation>
    </message>
    <message>
        <source>Hear the audio while it is generated; the speed stays at 1.0</source>
        <translation>边生成边播放；语速保持 1.0</translation>
    </message>
    <message>
        <source>No audio output to play on: %1</source>
        <translation>没有可用的音频输出：%1</translation>
    </message>
    <message>
        <source>The preset switched the mode to Instruct.</source>
        <translation>预设已将模式切换为“自然语言控制”。</translation>
    </message>
    <message>
        <source>⚠ Long instructions are often ignored or spoken.</source>
        <translation>⚠ 过长的指令常被忽略或被读出来。</translation>
    </message>
    <message>
        <source>Instructions can lower the likeness to the prompt voice.</source>
        <translation>指令可能降低与参考音频音色的相似度。</translation>
    </message>
    <message>
        <source>An emotional prompt clip is an alternative to an instruction.</source>
        <translation>也可以用带情绪的参考音频代替指令。</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::TakeExport</name>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message numerus="yes">
        <source>; %n short of the loudness target (see each file&apos;s sidecar)</source>
        <translation>
            <numerusform>；其中 %n 条未达到响度目标（见各文件的说明 JSON）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n turned down so as not to clip</source>
        <translation>
            <numerusform>；其中 %n 条已调低音量以免削波</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n take(s) to %1</source>
        <translation>
            <numerusform>已将 %n 条结果导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>An export is still being written; try again when it is done.</source>
        <translation>上一次导出仍在写入，请等它完成后再试。</translation>
    </message>
    <message>
        <source> at %1 LUFS</source>
        <translation>，响度 %1 LUFS</translation>
    </message>
    <message>
        <source>, %1 dB short of the %2 LUFS target: its peaks would have needed more than %3 dB of limiting</source>
        <translation>，比 %2 LUFS 的目标低 %1 dB：要达到目标，峰值需要超过 %3 dB 的限幅</translation>
    </message>
    <message>
        <source>, peaks limited by up to %1 dB</source>
        <translation>，峰值最多限幅 %1 dB</translation>
    </message>
    <message>
        <source>, turned down %1 dB so that it does not clip</source>
        <translation>，已调低 %1 dB 以免削波</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::TakeListModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>RAM %1 → %2</source>
        <translation>内存 %1 → %2</translation>
    </message>
    <message>
        <source>
VRAM allocated %1 → %2, reserved %3 → %4</source>
        <translation>
显存已分配 %1 → %2，已预留 %3 → %4</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>音色</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Length</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Made</source>
        <translation>生成时间</translation>
    </message>
    <message>
        <source>RTF</source>
        <translation>实时率</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
    <message>
        <source>Made again with seed %1</source>
        <translation>已用种子 %1 重新生成</translation>
    </message>
    <message>
        <source>%1 (mixed)</source>
        <translation>%1（混合）</translation>
    </message>
    <message>
        <source>Made with seed %1; some segments with seed %2</source>
        <translation>用种子 %1 生成；部分片段用种子 %2</translation>
    </message>
    <message>
        <source>cue %1</source>
        <translation>第 %1 条</translation>
    </message>
    <message>
        <source>Cue %1, spoken from %2 s</source>
        <translation>第 %1 条字幕，从 %2 秒开始</translation>
    </message>
    <message>
        <source> · %1 tries</source>
        <translation> · 共 %1 次</translation>
    </message>
    <message>
        <source> · heard “%1”</source>
        <translation> · 听到“%1”</translation>
    </message>
    <message>
        <source>All pass</source>
        <translation>全部通过</translation>
    </message>
    <message>
        <source>Segments %1 fail</source>
        <translation>片段 %1 未通过</translation>
    </message>
    <message>
        <source>Lines %1 fail</source>
        <translation>第 %1 行未通过</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Incomplete: lines 1–%1 of %2 were made before the job stopped. Resume (right-click) goes on from line %3.</source>
        <translation>未完成：任务停止前已生成第 1–%1 行（共 %2 行）。“继续生成”（右键单击）会从第 %3 行接着生成。</translation>
    </message>
    <message>
        <source>Incomplete: segments 1–%1 of %2 were made before the job stopped. Resume (right-click) goes on from segment %3.</source>
        <translation>未完成：任务停止前已生成第 1–%1 段（共 %2 段）。“继续生成”（右键单击）会从第 %3 段接着生成。</translation>
    </message>
    <message>
        <source>⏸ %1 of %2 · %3</source>
        <translation>⏸ %1/%2 · %3</translation>
    </message>
    <message>
        <source>Incomplete: %1 of the %2 cues, up to %3 of the timeline, were made before the job stopped. Resume (right-click) goes on from there.</source>
        <translation>未完成：任务停止前已生成 %2 条字幕中的 %1 条，到时间轴的 %3。“继续生成”（右键单击）会从那里接着生成。</translation>
    </message>
    <message>
        <source>%1
Made by the CosyStudio server at %2</source>
        <translation>%1
由 %2 上的 CosyStudio 服务器生成</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::TakeStore</name>
    <message>
        <source>The name could not be kept: %1 cannot be read.</source>
        <translation>名称未能保存：无法读取 %1。</translation>
    </message>
    <message>
        <source>%1 could not be moved to the trash.</source>
        <translation>无法将 %1 移到回收站。</translation>
    </message>
    <message>
        <source>%1 could not be brought back from the trash; it is in %2.</source>
        <translation>无法从回收站恢复 %1；它位于 %2。</translation>
    </message>
    <message>
        <source>it cannot be renamed to %1</source>
        <translation>无法重命名为 %1</translation>
    </message>
    <message>
        <source>Take #%1 keeps its old file name %2: %3</source>
        <translation>第 %1 条结果保留原文件名 %2：%3</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::TextPanel</name>
    <message>
        <source>Rules…</source>
        <translation>规则…</translation>
    </message>
    <message>
        <source>Find → replace rules applied before normalisation, for words the model misreads</source>
        <translation>规范化之前应用的查找 → 替换规则，用于模型读错的词语</translation>
    </message>
    <message>
        <source>Read numbers as words</source>
        <translation>数字读成文字</translation>
    </message>
    <message>
        <source>Numbers, dates, times, money and units are written out in words before the model reads them (off: only the official rules run, which leave Chinese digits as they are)</source>
        <translation>数字、日期、时间、金额和单位先转写成文字再交给模型（关闭：只运行官方规则，中文里的数字保持原样）</translation>
    </message>
    <message>
        <source>Type the text to speak. Markup: 她[h][ào]干净 · [breath] · &lt;strong&gt;word&lt;/strong&gt; · [M][AY1] for English phones</source>
        <translation>输入要合成的文本。标注示例：她[h][ào]干净 · [breath] · &lt;strong&gt;重读&lt;/strong&gt; · 英文音素 [M][AY1]</translation>
    </message>
    <message>
        <source>Insert:</source>
        <translation>插入：</translation>
    </message>
    <message>
        <source>Insert %1 at the cursor</source>
        <translation>在光标处插入 %1</translation>
    </message>
    <message>
        <source>Wrap the selection in %1…%2</source>
        <translation>用 %1…%2 包住选中的文字</translation>
    </message>
    <message>
        <source>Pronunciation…</source>
        <translation>发音…</translation>
    </message>
    <message>
        <source>Raw text</source>
        <translation>原始文本</translation>
    </message>
    <message>
        <source>Send the text as typed, without number/symbol normalisation (for languages the normaliser mishandles)</source>
        <translation>按输入原样发送文本，不做数字和符号的规范化（用于规范化处理不好的语言）</translation>
    </message>
    <message>
        <source>Exactly what the model will receive, one line per segment</source>
        <translation>模型实际收到的内容，每段一行</translation>
    </message>
    <message>
        <source>Normalised segments:</source>
        <translation>规范化后的分段：</translation>
    </message>
    <message>
        <source>(the segments are shown once a model is chosen)</source>
        <translation>（选择模型后显示分段）</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>Pronunciation</source>
        <translation>发音</translation>
    </message>
    <message>
        <source>Reading of “%1”: pick one, or type pinyin with its tone number (e.g. hao4):</source>
        <translation>“%1”的读音：选择一个，或输入带声调数字的拼音（例如 hao4）：</translation>
    </message>
    <message>
        <source>CMU phones for “%1”: pick one, or type them separated by spaces (e.g. M AY1):</source>
        <translation>“%1”的 CMU 音素：选择一个，或用空格分隔输入（例如 M AY1）：</translation>
    </message>
    <message>
        <source>No suggestions: %1</source>
        <translation>没有候选读音：%1</translation>
    </message>
    <message>
        <source>“%1” is not a valid reading.</source>
        <translation>“%1”不是有效的读音。</translation>
    </message>
    <message>
        <source>⚠ Unknown tags will be read out as text: %1</source>
        <translation>⚠ 未知标签会被当作文本读出来：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n 个字符</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source> ✂ (cut here: too long without punctuation)</source>
        <translation> ✂（在此切开：太长且没有标点）</translation>
    </message>
    <message>
        <source>A segment may hold at most %1 text tokens; add punctuation where a cut sounds better.</source>
        <translation>每个片段最多 %1 个文本词元；请在适合断开的地方加上标点。</translation>
    </message>
    <message>
        <source>Replace a Chinese character (the selected one, or the one before the cursor) by a toned pinyin reading, or an English word (selected, or under the cursor) by CMU phones (Ctrl+P)</source>
        <translation>把汉字（选中的，或光标前的那个）替换为带声调的拼音，或把英文单词（选中的，或光标所在的）替换为 CMU 音素（Ctrl+P）</translation>
    </message>
    <message>
        <source>Select one Chinese character or an English word, or put the cursor right after a Chinese character or inside an English word.</source>
        <translation>请选中一个汉字或一个英文单词，或把光标放在汉字后面或英文单词里。</translation>
    </message>
    <message>
        <source>a breath</source>
        <translation>呼吸声</translation>
    </message>
    <message>
        <source>a quick breath</source>
        <translation>短促的呼吸声</translation>
    </message>
    <message>
        <source>a laugh</source>
        <translation>笑声</translation>
    </message>
    <message>
        <source>a sigh</source>
        <translation>叹气声</translation>
    </message>
    <message>
        <source>a cough</source>
        <translation>咳嗽声</translation>
    </message>
    <message>
        <source>stress on the words inside</source>
        <translation>重读其中的文字</translation>
    </message>
    <message>
        <source>the words inside said laughing</source>
        <translation>笑着说出其中的文字</translation>
    </message>
    <message>
        <source>The segments cannot be previewed: %1</source>
        <translation>无法预览分段：%1</translation>
    </message>
    <message>
        <source>Spoken by</source>
        <translation>朗读者</translation>
    </message>
    <message>
        <source>(no saved voices: save one under Voices)</source>
        <translation>（没有已保存的音色：请在音色库中保存一个）</translation>
    </message>
    <message>
        <source>No one (the voice in use)</source>
        <translation>无（使用当前音色）</translation>
    </message>
    <message>
        <source> · about %1 of speech</source>
        <translation> · 约 %1 的语音</translation>
    </message>
    <message>
        <source>, about %1 to make here</source>
        <translation>，在本机生成约需 %1</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::ToolsMenu</name>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Serve on localhost</source>
        <translation>在本机提供服务(&amp;S)</translation>
    </message>
    <message>
        <source>Other programs speak with your saved voices through an OpenAI-compatible API (POST /v1/audio/speech); their requests join this window&apos;s queue</source>
        <translation>其他程序通过与 OpenAI 兼容的 API（POST /v1/audio/speech）使用你保存的声音合成语音；其请求加入本窗口的队列</translation>
    </message>
    <message>
        <source>&amp;Copy the API address</source>
        <translation>复制 API 地址(&amp;C)</translation>
    </message>
    <message>
        <source>Server s&amp;ettings…</source>
        <translation>服务器设置(&amp;E)…</translation>
    </message>
    <message>
        <source>The server is not running</source>
        <translation>服务器未运行</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::VoiceLibrary</name>
    <message>
        <source>Find a voice</source>
        <translation>查找音色</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>试听(&amp;P)</translation>
    </message>
    <message>
        <source>Listen to the clip the selected voice was made from</source>
        <translation>试听所选音色的原始参考音频</translation>
    </message>
    <message>
        <source>%1: “%2” (%3 s)</source>
        <translation>%1：“%2”（%3 秒）</translation>
    </message>
    <message>
        <source>Cannot read the voice %1: %2</source>
        <translation>无法读取音色 %1：%2</translation>
    </message>
    <message>
        <source>Saved voices; double-click to rename</source>
        <translation>已保存的音色；双击可重命名</translation>
    </message>
    <message>
        <source>&amp;Use the selected voice instead of the clip</source>
        <translation>使用选中的音色代替参考音频(&amp;U)</translation>
    </message>
    <message>
        <source>A saved voice skips feature extraction and keeps the voice consistent</source>
        <translation>使用已保存的音色可跳过特征提取，并保持音色一致</translation>
    </message>
    <message>
        <source>&amp;Save current…</source>
        <translation>保存当前音色(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the prompt clip and its transcript as a named voice (Ctrl+Shift+S)</source>
        <translation>将参考音频及其文本保存为一个命名音色（Ctrl+Shift+S）</translation>
    </message>
    <message>
        <source>Rena&amp;me…</source>
        <translation>重命名(&amp;M)…</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>删除(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message>
        <source>A voice named “%1” cannot be created.</source>
        <translation>无法创建名为“%1”的音色。</translation>
    </message>
    <message>
        <source>“%1” could not be renamed.</source>
        <translation>无法重命名“%1”。</translation>
    </message>
    <message>
        <source>“%1” could not be deleted.</source>
        <translation>无法删除“%1”。</translation>
    </message>
    <message>
        <source>%1 is not a voice file: %2</source>
        <translation>%1 不是音色文件：%2</translation>
    </message>
    <message>
        <source>A voice with the name of %1 already exists.</source>
        <translation>已存在与 %1 同名的音色。</translation>
    </message>
    <message>
        <source>“%1” could not be exported to %2.</source>
        <translation>无法将“%1”导出到 %2。</translation>
    </message>
    <message>
        <source>Rename voice</source>
        <translation>重命名音色</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Delete voice</source>
        <translation>删除音色</translation>
    </message>
    <message>
        <source>Delete the voice “%1”?</source>
        <translation>要删除音色“%1”吗？</translation>
    </message>
    <message>
        <source>Import voice</source>
        <translation>导入音色</translation>
    </message>
    <message>
        <source>CosyStudio voices (*%1)</source>
        <translation>CosyStudio 音色 (*%1)</translation>
    </message>
    <message>
        <source>Export voice</source>
        <translation>导出音色</translation>
    </message>
    <message>
        <source>A voice file lets anyone speak with this voice. Share it only with the consent of the person whose voice it is. Continue?</source>
        <translation>任何人拿到音色文件都能用这个声音说话。请只在声音主人同意的情况下分享。是否继续？</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>CosyStudio voices (*%1 *%2)</source>
        <translation>CosyStudio 音色 (*%1 *%2)</translation>
    </message>
    <message>
        <source>Save voice</source>
        <translation>保存音色</translation>
    </message>
    <message>
        <source>Name of the voice:</source>
        <translation>音色名称：</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::WaveformView</name>
    <message>
        <source>Drag the handles to trim the clip; the shaded parts are left out.</source>
        <translation>拖动两侧的手柄裁剪音频；阴影部分不会使用。</translation>
    </message>
    <message>
        <source>Prompt clip waveform</source>
        <translation>参考音频波形</translation>
    </message>
    <message>
        <source>Drop an audio file here, open one, or record</source>
        <translation>把音频文件拖到这里，或者打开、录制一段</translation>
    </message>
    <message>
        <source>%1 s of %2 s</source>
        <translation>%1 秒 / 共 %2 秒</translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::WindowJobs</name>
    <message>
        <source>Unknown tags will be spoken as text: %1</source>
        <translation>未知标签会被当作文本读出来：%1</translation>
    </message>
    <message>
        <source>The job waits until a model is loaded (Engine → Choose model folder).</source>
        <translation>任务会等到模型加载后再执行（引擎 → 选择模型文件夹）。</translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Open source clip</source>
        <translation>打开源音频</translation>
    </message>
    <message>
        <source>Source clip for voice conversion: %1</source>
        <translation>音色转换的源片段：%1</translation>
    </message>
    <message numerus="yes">
        <source>Dubbing %n cue(s) of %1</source>
        <translation>
            <numerusform>正在为 %1 的 %n 条字幕配音</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chapter(s) of %1 queued</source>
        <translation>
            <numerusform>已把《%1》的 %n 章加入队列</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cosystudio::ui::WindowStatusBar</name>
    <message>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <source>Memory grew after each of the last %1 jobs (%2 → %3). Engine → Reset engine frees it.</source>
        <translation>最近 %1 个任务中，每次任务后内存都在增长（%2 → %3）。使用“引擎 → 重置引擎”即可释放。</translation>
    </message>
    <message>
        <source>Loading: %1</source>
        <translation>正在加载：%1</translation>
    </message>
    <message>
        <source>GPU %1 cannot be used (%2); the CPU is used instead. See Engine → Settings.</source>
        <translation>无法使用 GPU %1（%2）；改用 CPU。请查看“引擎 → 设置”。</translation>
    </message>
    <message>
        <source>Engine reset in %1 s</source>
        <translation>引擎已重置，用时 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>The model was unloaded after %n idle minute(s); it loads again for the next job.</source>
        <translation>
            <numerusform>空闲 %n 分钟后已卸载模型；下次任务时会重新加载。</numerusform>
        </translation>
    </message>
    <message>
        <source>Job #%1 cancelled</source>
        <translation>任务 #%1 已取消</translation>
    </message>
    <message>
        <source>Voice saved: %1</source>
        <translation>音色已保存：%1</translation>
    </message>
    <message>
        <source>No GPU can be used: %1</source>
        <translation>无法使用任何 GPU：%1</translation>
    </message>
    <message>
        <source>Model loaded in %1 s</source>
        <translation>模型加载完成，用时 %1 秒</translation>
    </message>
    <message>
        <source>Loading model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Ready · %1</source>
        <translation>就绪 · %1</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <source>Resetting engine…</source>
        <translation>正在重置引擎…</translation>
    </message>
    <message>
        <source>Device error: restart needed</source>
        <translation>设备错误：需要重启</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Voice cloning text-to-speech with CosyVoice3</source>
        <translation>基于 CosyVoice3 的音色克隆语音合成</translation>
    </message>
    <message>
        <source>CosyVoice3 model folder to load.</source>
        <translation>要加载的 CosyVoice3 模型文件夹。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Audio file to open as the prompt clip.</source>
        <translation>要作为参考音频打开的音频文件。</translation>
    </message>
    <message>
        <source>CosyStudio keeps its voices and takes in %1 now but could not move everything there. Until it is moved, what is listed below stays where it was and the window does not show it.</source>
        <translation>CosyStudio 现在把音色和生成结果保存在 %1，但未能把所有内容都移过去。在移动完成之前，下面列出的内容仍留在原处，窗口中也不会显示。</translation>
    </message>
</context>
</TS>
