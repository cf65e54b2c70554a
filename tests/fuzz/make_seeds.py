"""Writes the fuzz targets' seed corpora into tests/fuzz/corpus/<target>/.

Small files in the official formats, each showing the parser one feature, so
that libFuzzer mutates kilobytes rather than the megabytes of the fixtures:
checkpoints as torch.save writes them (dict, OrderedDict, fp16/bf16, views
sharing a storage, both weight-norm spellings, HiFT's `generator.` prefix),
ONNX graphs of the supported ops with symbolic dimensions, WAV/FLAC/Ogg clips,
voice files, cosyvoice3.yaml, the recogniser's config.yaml, am.mvn and
SentencePiece model, texts, subtitles, scripts, books, the window's
take sidecars and saved queue, and the speech server's requests.

Needs torch, onnx, numpy and soundfile (not the app: only to remake seeds):
    python3 tests/fuzz/make_seeds.py
"""
import base64
import collections
import json
import pathlib
import shutil
import struct
import zipfile

import numpy as np
import onnx
import soundfile
import torch
from onnx import TensorProto, helper

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CORPUS = HERE / "corpus"


def folder(target):
    path = CORPUS / target
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def checkpoints():
    out = folder("checkpoint")
    torch.manual_seed(0)
    torch.save({"embedding.weight": torch.randn(4, 3), "bias": torch.zeros(3)}, out / "dict.pt")
    torch.save(collections.OrderedDict(
        [("half", torch.randn(2, 2).half()), ("bf16", torch.randn(3).bfloat16()),
         ("ids", torch.arange(5)), ("scalar", torch.tensor(1.5))]), out / "ordered_dtypes.pt")
    base = torch.randn(12)
    torch.save({"a": base[2:8].view(2, 3), "b": base.view(3, 4).t()}, out / "shared_storage.pt")
    conv = torch.nn.Sequential(torch.nn.utils.parametrizations.weight_norm(torch.nn.Conv1d(2, 3, 3)))
    torch.save(conv.state_dict(), out / "weight_norm_parametrizations.pt")
    legacy = torch.nn.Conv1d(2, 3, 3)
    g = legacy.weight.norm(dim=(1, 2), keepdim=True).detach()
    torch.save(collections.OrderedDict(
        [("conv.weight_g", g), ("conv.weight_v", legacy.weight.detach()), ("conv.bias", legacy.bias.detach())]),
        out / "weight_norm_legacy.pt")
    torch.save({"generator.conv_pre.weight": torch.randn(2, 2, 1)}, out / "generator_prefix.pt")


def graph(name, nodes, inputs, outputs, initializers=(), opset=17):
    model = helper.make_model(helper.make_graph(nodes, name, inputs, outputs, list(initializers)),
                              opset_imports=[helper.make_opsetid("", opset)])
    onnx.save(model, CORPUS / "onnx" / f"{name}.onnx")


def onnx_graphs():
    folder("onnx")
    f = TensorProto.FLOAT
    x = helper.make_tensor_value_info("x", f, ["batch", 4])
    y = helper.make_tensor_value_info("y", f, ["batch", 3])
    w = helper.make_tensor("w", f, [4, 3], np.arange(12, dtype=np.float32).tolist())
    b = helper.make_tensor("b", f, [3], [0.5, -0.5, 1.0])
    graph("matmul_add", [helper.make_node("MatMul", ["x", "w"], ["xw"]), helper.make_node("Add", ["xw", "b"], ["y"])],
          [x], [y], [w, b])

    signal = helper.make_tensor_value_info("signal", f, [1, 2, "frames"])
    kernel = helper.make_tensor("kernel", f, [3, 2, 3], np.ones(18, dtype=np.float32).tolist())
    out = helper.make_tensor_value_info("out", f, [1, 3, "frames"])
    graph("conv_relu_softmax", [
        helper.make_node("Conv", ["signal", "kernel"], ["c"], pads=[1, 1], strides=[1]),
        helper.make_node("Relu", ["c"], ["r"]),
        helper.make_node("Softmax", ["r"], ["out"], axis=1)], [signal], [out], [kernel])

    # The shape arithmetic exporters emit: Shape -> Gather -> Unsqueeze -> Concat -> Reshape.
    feats = helper.make_tensor_value_info("feats", f, ["batch", "time", 4])
    flat = helper.make_tensor_value_info("flat", f, ["batch", None])
    graph("shape_reshape", [
        helper.make_node("Shape", ["feats"], ["shape"]),
        helper.make_node("Gather", ["shape", "zero"], ["batch_dim"], axis=0),
        helper.make_node("Unsqueeze", ["batch_dim", "axes"], ["batch_1d"]),
        helper.make_node("Concat", ["batch_1d", "minus_one"], ["target"], axis=0),
        helper.make_node("Reshape", ["feats", "target"], ["flat"])],
        [feats], [flat], [helper.make_tensor("zero", TensorProto.INT64, [], [0]),
                          helper.make_tensor("axes", TensorProto.INT64, [1], [0]),
                          helper.make_tensor("minus_one", TensorProto.INT64, [1], [-1])])

    ids = helper.make_tensor_value_info("ids", TensorProto.INT64, ["n"])
    table = helper.make_tensor("table", f, [5, 2], np.linspace(0, 1, 10, dtype=np.float32).tolist())
    mean = helper.make_tensor_value_info("mean", f, [])
    graph("gather_reduce_cast", [
        helper.make_node("Gather", ["table", "ids"], ["rows"], axis=0),
        helper.make_node("ReduceMean", ["rows"], ["m"], keepdims=0),
        helper.make_node("Cast", ["m"], ["mean"], to=f)], [ids], [mean], [table], opset=13)

    ln_in = helper.make_tensor_value_info("h", f, [1, "t", 4])
    ln_out = helper.make_tensor_value_info("n", f, [1, "t", 4])
    graph("layer_norm_where", [
        helper.make_node("LayerNormalization", ["h", "scale", "shift"], ["ln"], axis=-1, epsilon=1e-5),
        helper.make_node("Greater", ["ln", "zero_f"], ["positive"]),
        helper.make_node("Where", ["positive", "ln", "zero_f"], ["n"])],
        [ln_in], [ln_out], [helper.make_tensor("scale", f, [4], [1, 1, 1, 1]),
                            helper.make_tensor("shift", f, [4], [0, 0, 0, 0]),
                            helper.make_tensor("zero_f", f, [], [0.0])])


def clips():
    out = folder("clip")
    t = np.arange(2400) / 16000
    tone = (0.3 * np.sin(2 * np.pi * 220 * t)).astype(np.float32)
    soundfile.write(out / "mono16k_pcm16.wav", tone, 16000, subtype="PCM_16")
    soundfile.write(out / "stereo48k_float.wav", np.stack([tone, -tone], axis=1), 48000, subtype="FLOAT")
    soundfile.write(out / "mono22k_pcm24.wav", tone, 22050, subtype="PCM_24")
    soundfile.write(out / "mono8k_u8.wav", tone, 8000, subtype="PCM_U8")
    soundfile.write(out / "mono16k.flac", tone, 16000, format="FLAC")
    soundfile.write(out / "mono16k.ogg", tone, 16000, format="OGG", subtype="VORBIS")


def voice_files():
    out = folder("voice_file")
    rng = np.random.default_rng(0)

    def write(name, transcript, frames, extra_array=False, clip_alone=False):
        arrays = [("clip", "f32", rng.uniform(-0.5, 0.5, 48).astype("<f4").tobytes()),
                  ("speech_tokens", "i32", np.array([1, 2, 3, 4], dtype="<i4").tobytes()),
                  ("speaker_embedding", "f32", rng.normal(size=8).astype("<f4").tobytes()),
                  ("prompt_mel", "f32", rng.normal(size=frames * 80).astype("<f4").tobytes())]
        if extra_array:
            arrays.append(("later_feature", "f32", b"\0" * 8))
        if clip_alone:  # Voice::fromClip's: a clip (a ramp), no features, no model
            ramp = np.linspace(-0.5, 0.5, 48).astype("<f4").tobytes()
            arrays = [(array, kind, ramp if array == "clip" else b"") for array, kind, _ in arrays]
        header = {"transcript": transcript, "model_fingerprint": "" if clip_alone else "0123456789abcdef",
                  "clip_rate": 16000,
                  "prompt_mel_frames": frames, "arrays": []}
        offset = 0
        for array_name, kind, data in arrays:
            header["arrays"].append({"name": array_name, "type": kind, "count": len(data) // 4, "offset": offset})
            offset += len(data)
        text = json.dumps(header, ensure_ascii=False).encode()
        with open(out / name, "wb") as f:
            f.write(b"CosyStudioVoice\0" + struct.pack("<II", 1, len(text)) + text)
            for _, _, data in arrays:
                f.write(data)

    write("voice.cosyvoice", "希望你以后能够做的比我还好呦。", 2)
    write("voice_later_array.cosyvoice", "Hello there.", 1, extra_array=True)
    write("clip_alone.cosyvoice", "Hello there.", 0, clip_alone=True)


def model_configs():
    out = folder("model_config")
    shutil.copy(ROOT / "tests/fixtures/e2e/tiny-model-a/cosyvoice3.yaml", out / "tiny-model-a.yaml")


def recognizer_files():
    """The recogniser's config.yaml (official and tiny), its am.mvn and its
    SentencePiece model, as tests/fixtures/sensevoice holds them."""
    sensevoice = ROOT / "tests/fixtures/sensevoice"
    out = folder("recognizer_config")
    shutil.copy(sensevoice / "official-config.yaml", out / "official-config.yaml")
    shutil.copy(sensevoice / "model/config.yaml", out / "tiny-config.yaml")
    shutil.copy(sensevoice / "model/am.mvn", out / "am.mvn")
    out = folder("sentencepiece")
    shutil.copy(sensevoice / "model/chn_jpn_yue_eng_ko_spectok.bpe.model", out / "tiny.bpe.model")


def texts():
    out = folder("text")
    samples = {
        "zh_numbers": "今天是2024年3月5日，气温-3.5℃，共花了¥1,234.50元。",
        "en_numbers": "It costs $5 on 3/4 at 10:30am, about 1.5km away; call 555-0100.",
        "mixed": "it costs $5 on 3/4 … 你好，CosyVoice3 很好用！",
        "markup": "[breath]你好<strong>世界</strong>[laughter]，I [M][AY1] [h][ǎo] say <laughter>so</laughter>.",
        "instruction": "You are a helpful assistant. 请用广东话表达。<|endofprompt|>今天天气真好。",
        "unknown_markup": "[Breath] [ao4] <laugh> [M][ZZ9] <|notatoken|>",
        "long_unpunctuated": "这是一个没有标点符号的很长的句子" * 20 + " and then a long English run without stops" * 10,
        "raw_marker": "<|zh|>直接读出<|en|>as typed",
        "whitespace": " \t\n\u3000\u00a0",
        "emoji_combining": "e\u0301 ñ 👍🏽 ﬁ Å",
    }
    for name, text in samples.items():
        (out / name).write_text(text, encoding="utf-8")


def take_files():
    """A sidecar for the fuzz target's 4800-sample take, in one and in two
    segments, and a saved queue of two jobs."""
    out = folder("take_files")
    sidecar = {
        "app": "CosyStudio 0.1.0", "checkpoint": "llm.pt", "created": "2026-12-02T07:48:24",
        "duration_seconds": 0.2, "encoding": "pcm16", "first_audio_seconds": 0.21, "instruction": "",
        "job_id": "328", "mode": "zero_shot", "model": "/models/Fun-CosyVoice3-0.5B-2512",
        "prompt_clip": "/clips/prompt.wav", "prompt_transcript": "希望你以后能够做的比我还好呦。",
        "raw_text": False, "read_numbers": True, "real_time_factor": 0.48, "sample_rate": 24000, "seed": "2",
        "segments": [{"regenerated_seed": None, "samples": 4800, "speech_tokens": 5, "text": "今天天气很好。",
                      "warnings": []}],
        "speech_tokens": 5, "speed": 1, "stream": False, "text": "今天天气很好。", "voice": "", "voice_file": "",
    }
    (out / "sidecar.json").write_text(json.dumps(sidecar, ensure_ascii=False, indent=1), encoding="utf-8")
    sidecar["segments"] = [{"regenerated_seed": "7", "samples": 2640, "speech_tokens": 3, "text": "今天。",
                            "warnings": ["short"]},
                           {"regenerated_seed": None, "samples": 2640, "speech_tokens": 3, "text": "很好。",
                            "warnings": []}]
    (out / "sidecar_two_segments.json").write_text(json.dumps(sidecar, ensure_ascii=False), encoding="utf-8")
    job = {"mode": "instruct", "text": "Hello there.", "instruction": "用四川话说", "prompt_clip": "/clips/a.wav",
           "prompt_transcript": "", "voice_file": "", "voice": "", "source_clip": "", "speed": 1.0,
           "seed": "18446744073709551615", "stream": True, "raw_text": False, "read_numbers": True,
           "segment_time_limit_seconds": 120}
    queue = {"format": 1, "jobs": [job, dict(job, mode="cross_lingual", voice_file="/voices/a.cosyvoice")]}
    (out / "queue.json").write_text(json.dumps(queue, ensure_ascii=False), encoding="utf-8")


def subtitles():
    """SRT and WebVTT as found in the wild: a byte-order mark and CRLF, a cue
    without its number or its blank line, tags, WebVTT's blocks and settings."""
    out = folder("subtitles")
    samples = {
        "plain.srt": "1\n00:00:00,000 --> 00:00:01,500\n你好，世界。\n\n2\n00:00:01,500 --> 00:00:03,000\nTwo\nlines\n",
        "messy.srt": "\ufeff1\r\n00:00:01,000 --> 00:00:02,5\r\n<i>tags</i> {\\an8}here\r\n\r\n\r\n"
                     "00:00:03.000 --> 00:00:04.000\r\nno number\r\n7\r\n00:05,000 --> 00:06,000\r\nno blank\r\n",
        "blocks.vtt": "WEBVTT - title\nKind: captions\n\nSTYLE\n::cue { color: red }\n\nNOTE a note\n\n"
                      "intro\n00:01.000 --> 00:02.000 align:start\n<v Ann>Hi &amp; bye&nbsp;<c.x>all</c>\n",
        "bad_time.srt": "1\n00:00:01,000 --> 00:61:00,000\nminutes out of range\n",
        # Past the day a dubbing may last: 99 hours, and hours whose samples overflow 64 bits.
        "past_a_day.srt": "1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n99:00:00,000 --> 99:00:01,000\nlate\n\n"
                          "3\n999999999:00:00,000 --> 999999999:00:00,000\nnever\n",
    }
    for name, text in samples.items():
        (out / name).write_bytes(text.encode("utf-8"))


def scripts():
    """A script project file with every optional line field, and screenplay
    text with ASCII and full-width colons."""
    out = folder("script")
    project = {"cosystudio_script": 1, "speaker_pause_seconds": 0.4,
               "cast": [{"name": "Ann", "voice_file": "voices/ann.voice", "voice_fingerprint": "00000000000000aa"},
                        {"name": "Bob", "voice_file": "/voices/bob.voice"}],
               "lines": [{"speaker": "Ann", "text": "你好。"},
                         {"speaker": "Bob", "text": "再见。", "mode": "instruct", "instruction": "请用四川话表达。",
                          "speed": 1.1, "seed": "7"}]}
    (out / "project.json").write_text(json.dumps(project, ensure_ascii=False), encoding="utf-8")
    (out / "screenplay.txt").write_text("Once.\nAnn: Hi.\nBob：你好。\nNote: still Bob.\nAnn:\nHers.\n",
                                        encoding="utf-8")


XHTML = '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'


def epub(path, items, itemrefs, files):
    """An EPUB 3 of `files` (name: text) with content.opf at its root: `items`
    its manifest, `itemrefs` its spine."""
    container = ('<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0">'
                 '<rootfiles><rootfile full-path="content.opf"/></rootfiles></container>')
    package = (f'<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>{items}</manifest>'
               f'<spine>{itemrefs}</spine></package>')
    entries = {"mimetype": "application/epub+zip", "META-INF/container.xml": container, "content.opf": package, **files}
    with zipfile.ZipFile(path, "w") as book:
        for name, text in entries.items():
            book.writestr(zipfile.ZipInfo(name, (2026, 12, 3, 0, 0, 0)), text, zipfile.ZIP_DEFLATED, 9)


def books():
    """The book fixtures pandoc wrote (EPUB 3 and EPUB 2) from their Markdown,
    a plain text novel with chapter lines, a spine that lists one page (1 MB
    unpacked, 1 KB packed) past the 64 MB a book may unpack to, and a table of
    contents of 500 chapters, each an anchor of one page."""
    out = folder("book")
    books = ROOT / "tests" / "fixtures" / "books"
    shutil.copy(books / "small-book.epub", out / "epub3.epub")
    shutil.copy(books / "small-book-epub2.epub", out / "epub2.epub")
    shutil.copy(books / "small-book.md", out / "book.md")
    (out / "novel.txt").write_text("第一章 开始\n今天。\n\nChapter 2\nBye.\n", encoding="utf-8")
    page = XHTML + "<body><p>Again.</p>" + " " * (1 << 20) + "</body></html>"
    epub(out / "spine_repeats_a_page.epub", '<item id="p" href="page.xhtml"/>', '<itemref idref="p"/>' * 65,
         {"page.xhtml": page})
    links = "".join(f'<li><a href="page.xhtml#c{i}">{i}</a></li>' for i in range(500))
    anchors = "".join(f'<p id="c{i}">{i}</p>' for i in range(500))
    nav = f'{XHTML}<body><nav epub:type="toc"><ol>{links}</ol></nav></body></html>'
    epub(out / "long_toc.epub", '<item id="nav" href="nav.xhtml" properties="nav"/><item id="p" href="page.xhtml"/>',
         '<itemref idref="p"/>', {"nav.xhtml": nav, "page.xhtml": f"{XHTML}<body>{anchors}</body></html>"})


def speech_requests():
    """Bodies of POST /v1/audio/speech and POST /cosystudio/v1/speech: OpenAI's
    fields, CosyStudio's own, and the refusals' edges (a seed past 2^53 as a
    string, a wrong type, no object)."""
    out = folder("speech_request")
    samples = {
        "openai.json": {"model": "tts-1", "input": "Hello there.", "voice": "Ann", "response_format": "wav",
                        "speed": 1.0},
        "cosystudio.json": {"model": "cosyvoice3", "input": "你好，[laughter]世界。", "voice": "Ann", "mode": "instruct",
                            "instruction": "请用四川话表达。", "seed": "18446744073709551615", "response_format": "flac"},
        "instructions.json": {"model": "gpt-4o-mini-tts", "input": "Hi.", "voice": "Bob", "instructions": "Slowly.",
                              "seed": 7, "response_format": "pcm", "speed": 0.5},
        "wrong_types.json": {"model": 1, "input": ["x"], "voice": None, "speed": "fast", "seed": -1.5},
        "api.json": {"input": "今天是2024年3月5日。", "voice": "0" * 63 + "f", "mode": "zero_shot", "speed": 1.2,
                     "seed": 4294967295, "raw_text": False, "read_numbers": False,
                     "segment_time_limit_seconds": 12.5, "stream": True, "check": True, "retakes": 2,
                     "segment": 3, "text_is_segment": True},
        "api_wrong_types.json": {"input": "Hi.", "voice": "A" * 64, "stream": "yes", "retakes": 2.5,
                                 "segment_time_limit_seconds": -1, "segment": 1e9, "text_is_segment": 1},
    }
    for name, body in samples.items():
        (out / name).write_text(json.dumps(body, ensure_ascii=False), encoding="utf-8")
    (out / "array.json").write_text("[1, 2]", encoding="utf-8")


def api_events():
    """Lines a server answers POST /cosystudio/v1/speech with, as its client
    reads them: each event, and one with every field of another type."""
    out = folder("api_events")
    samples = base64.b64encode(struct.pack("<4f", 0.0, 0.25, -0.25, 1.0)).decode()
    segment = {"text": "今天天气很好。", "user_text": "今天天气很好。", "speech_tokens": 12, "reached_token_cap": False,
               "made_no_speech": False, "warnings": ["a warning"], "samples": samples}
    events = {
        "accepted.json": {"event": "accepted", "id": 3, "seed": 7, "mode": "zero_shot"},
        "progress.json": {"event": "progress", "stage": "mel", "segment": 1, "segment_count": 2, "tokens": 40,
                          "flow_step": 3, "elapsed_seconds": 1.5},
        "audio.json": {"event": "audio", "segment": 0, "sample_rate": 24000, "segment_done": True, "samples": samples},
        "result.json": {"event": "result", "sample_rate": 24000, "seed": 7, "segments": [segment, segment]},
        "error.json": {"event": "error", "status": 503, "message": "no model", "code": None},
        "wrong_types.json": {"event": 5, "stage": [], "segment": "1", "segment_count": 1e300, "tokens": -1,
                             "flow_step": 2 ** 40, "sample_rate": None, "seed": -7, "samples": "abc",
                             "segments": {"a": segment}, "message": {}},
    }
    for name, event in events.items():
        (out / name).write_text(json.dumps(event, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    checkpoints()
    onnx_graphs()
    clips()
    voice_files()
    model_configs()
    recognizer_files()
    texts()
    subtitles()
    scripts()
    books()
    take_files()
    speech_requests()
    api_events()
