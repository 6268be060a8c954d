// The functions the browser calls, compiled only into peach-core.wasm (Embedded Swift; see
// scripts/build-wasm.sh). Each is a thin wrapper over `CoreSession` and `RecordNumbers`;
// `peach-core.js` hides this memory plumbing behind plain functions.
//
// Conventions: text goes in as (pointer, length) of UTF-8 bytes the caller allocated with
// `peach_alloc` and frees with `peach_free`. A result (UTF-8 text or 64-bit floats) is left in
// one output buffer that stays valid until the next call; the function returns its length in
// bytes and `peach_output` gives its address. WebAssembly runs one call at a time, so the
// module's state lives in globals.
#if hasFeature(Embedded)
    import PeachCore
    import PeachViews

    nonisolated(unsafe) private var session = CoreSession(seed: 0)
    /// Whether this device can vibrate, kept across new sessions (`peach_set_device_vibrates`).
    nonisolated(unsafe) private var deviceVibrates = true
    nonisolated(unsafe) private var output = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// Replaces the output with `bytes`; returns their count. Public for the test build's
    /// trace export (Tests/PeachTrace).
    public func publish(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        output.deallocate()
        output = .allocate(byteCount: max(bytes.count, 1), alignment: 8)
        output.copyMemory(from: bytes)
        return Int32(bytes.count)
    }

    public func publish(_ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { publish(UnsafeRawBufferPointer($0)) }
    }

    private func publish(_ numbers: [Double]) -> Int32 {
        numbers.withUnsafeBytes { publish($0) }
    }

    /// The UTF-8 text at `pointer` (invalid bytes become U+FFFD, a negative length is empty).
    private func text(_ pointer: UnsafeRawPointer, _ count: Int32) -> String {
        String(decoding: UnsafeRawBufferPointer(start: pointer, count: Int(max(count, 0))), as: UTF8.self)
    }

    @_expose(wasm, "peach_alloc") @_cdecl("peach_alloc")
    public func peachAlloc(_ byteCount: Int32) -> UnsafeMutableRawPointer {
        .allocate(byteCount: Int(max(byteCount, 1)), alignment: 8)
    }

    @_expose(wasm, "peach_free") @_cdecl("peach_free")
    public func peachFree(_ pointer: UnsafeMutableRawPointer) {
        pointer.deallocate()
    }

    @_expose(wasm, "peach_output") @_cdecl("peach_output")
    public func peachOutput() -> UnsafeMutableRawPointer? {
        output.baseAddress
    }

    /// A new session: default settings, an empty profile, randomness from `seed`.
    @_expose(wasm, "peach_reset") @_cdecl("peach_reset")
    public func peachReset(_ seed: UInt64) {
        session = CoreSession(seed: seed)
        session.deviceVibrates = deviceVibrates
    }

    /// Whether this device can vibrate (1) or not (0): where it cannot, a wrong answer plays the
    /// short sound until the user chooses (`TrainingSettings.playsWrongAnswerSound`).
    @_expose(wasm, "peach_set_device_vibrates") @_cdecl("peach_set_device_vibrates")
    public func peachSetDeviceVibrates(_ vibrates: Int32) {
        deviceVibrates = vibrates != 0
        session.deviceVibrates = deviceVibrates
    }

    /// 0 if the setting was changed; otherwise the length of the reason in the output, in the
    /// language given (`Texts.refusal`; English for an unknown language).
    @_expose(wasm, "peach_set_setting") @_cdecl("peach_set_setting")
    public func peachSetSetting(
        _ key: UnsafeRawPointer, _ keyCount: Int32, _ value: UnsafeRawPointer, _ valueCount: Int32,
        _ language: UnsafeRawPointer, _ languageCount: Int32
    ) -> Int32 {
        guard let refused = session.setSetting(text(key, keyCount), text(value, valueCount)) else { return 0 }
        return publish(Texts.of(Language(named: text(language, languageCount)) ?? .english).refusal(refused))
    }

    /// The next exercise of the pitch mode named (`TrainingMode.rawValue`), as
    /// `ExerciseNumbers.flat`; 0 for an unknown mode or a rhythm mode.
    @_expose(wasm, "peach_next_exercise") @_cdecl("peach_next_exercise")
    public func peachNextExercise(_ mode: UnsafeRawPointer, _ modeCount: Int32) -> Int32 {
        guard let mode = TrainingMode(named: text(mode, modeCount)), let exercise = session.nextExercise(mode) else {
            return 0
        }
        return publish(exercise.flat)
    }

    /// The next exercise of the rhythm mode named, scheduled from `start` seconds on an audio
    /// clock of `sampleRate`, as `RhythmExerciseNumbers.flat`; 0 for an unknown mode, a pitch
    /// mode, or a start or rate a clock cannot have.
    @_expose(wasm, "peach_next_rhythm_exercise") @_cdecl("peach_next_rhythm_exercise")
    public func peachNextRhythmExercise(
        _ mode: UnsafeRawPointer, _ modeCount: Int32, _ start: Double, _ sampleRate: Double
    ) -> Int32 {
        guard let mode = TrainingMode(named: text(mode, modeCount)),
            let exercise = session.nextRhythmExercise(mode, start: start, sampleRate: sampleRate)
        else { return 0 }
        return publish(exercise.flat)
    }

    /// Answers the current Compare Timing exercise: early (1) or late (0).
    @_expose(wasm, "peach_answer_timing") @_cdecl("peach_answer_timing")
    public func peachAnswerTiming(_ early: Int32, _ milliseconds: Double) -> Int32 {
        answer(.early(early != 0), milliseconds)
    }

    /// A Fill the Gap tap at `seconds` on the audio clock: if it counts, its colour and gap as
    /// `CoreSession.tapLines`; 0 if it is ignored.
    @_expose(wasm, "peach_tap") @_cdecl("peach_tap")
    public func peachTap(_ seconds: Double) -> Int32 {
        guard let lines = session.tapLines(at: seconds) else { return 0 }
        return publish(lines)
    }

    /// Ends the Fill the Gap trial under way: its record as `RecordNumbers`, or 0 if it makes
    /// none (no tap counted; `CoreSession.finishTrial`).
    @_expose(wasm, "peach_finish_trial") @_cdecl("peach_finish_trial")
    public func peachFinishTrial(_ milliseconds: Double) -> Int32 {
        guard let timestamp = timestamp(milliseconds), let record = session.finishTrial(at: timestamp) else {
            return 0
        }
        return publish(record)
    }

    /// Answers the current comparison; its record as `RecordNumbers`, or 0 if refused.
    @_expose(wasm, "peach_answer_comparison") @_cdecl("peach_answer_comparison")
    public func peachAnswerComparison(_ higher: Int32, _ milliseconds: Double) -> Int32 {
        answer(.higher(higher != 0), milliseconds)
    }

    /// Answers the current pitch-matching exercise with the slider at `value` (−1 … 1).
    @_expose(wasm, "peach_answer_pitch_matching") @_cdecl("peach_answer_pitch_matching")
    public func peachAnswerPitchMatching(_ value: Double, _ milliseconds: Double) -> Int32 {
        answer(.slider(value), milliseconds)
    }

    private func answer(_ answer: SessionAnswer, _ milliseconds: Double) -> Int32 {
        guard let timestamp = timestamp(milliseconds), let record = session.answer(answer, at: timestamp) else {
            return 0
        }
        return publish(record)
    }

    /// A time in whole milliseconds since 1970 as the scripts give it; `nil` if it is not one.
    private func timestamp(_ milliseconds: Double) -> Timestamp? {
        guard milliseconds.isFinite, milliseconds.rounded() == milliseconds, abs(milliseconds) < 9e15 else {
            return nil
        }
        return Timestamp(millisecondsSince1970: Int64(milliseconds))
    }

    private func publish(_ record: TrainingRecord) -> Int32 {
        var numbers: [Double] = []
        RecordNumbers.append(record, to: &numbers)
        return publish(numbers)
    }

    /// Replaces the profile with a summary of `summaryCount` numbers (`ProfileSnapshot`; 0: none)
    /// and `recordCount` records as `RecordNumbers`; 1, or 0 if either is not valid (nothing
    /// changes then).
    @_expose(wasm, "peach_replace_profile") @_cdecl("peach_replace_profile")
    public func peachReplaceProfile(
        _ summary: UnsafePointer<Double>, _ summaryCount: Int32, _ records: UnsafePointer<Double>, _ recordCount: Int32
    ) -> Int32 {
        guard summaryCount >= 0, let decoded = decodedRecords(records, recordCount) else { return 0 }
        let numbers = UnsafeBufferPointer(start: summary, count: Int(summaryCount))
        return session.replaceProfile(summary: numbers, records: decoded) ? 1 : 0
    }

    /// `count` records given as `RecordNumbers`; `nil` if one is not valid.
    private func decodedRecords(_ pointer: UnsafePointer<Double>, _ count: Int32) -> [TrainingRecord]? {
        guard count >= 0 else { return nil }
        let numbers = UnsafeBufferPointer(start: pointer, count: Int(count) * RecordNumbers.stride)
        var records: [TrainingRecord] = []
        records.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            guard let record = RecordNumbers.record(numbers, at: index * RecordNumbers.stride) else { return nil }
            records.append(record)
        }
        return records
    }

    /// A page by its name (`PageRoute(renderedOnDevice:)`) in a language (`Language.rawValue`) as
    /// HTML text; 0 for an unknown page or language, or a page only the server renders.
    @_expose(wasm, "peach_render") @_cdecl("peach_render")
    public func peachRender(
        _ page: UnsafeRawPointer, _ pageCount: Int32, _ language: UnsafeRawPointer, _ languageCount: Int32
    ) -> Int32 {
        guard let page = PageRoute(renderedOnDevice: text(page, pageCount)),
            let language = Language(named: text(language, languageCount)),
            let html = session.render(page, language: language)
        else { return 0 }
        return publish(html)
    }

    /// The current exercise's interval as `CoreSession.currentIntervalLines` (its code and its
    /// name in the language); 0 without a current exercise or for an unknown language.
    @_expose(wasm, "peach_current_interval") @_cdecl("peach_current_interval")
    public func peachCurrentInterval(_ language: UnsafeRawPointer, _ languageCount: Int32) -> Int32 {
        guard let language = Language(named: text(language, languageCount)),
            let lines = session.currentIntervalLines(language: language)
        else { return 0 }
        return publish(lines)
    }

    /// The last answer's feedback in the language as `AnswerFeedback.lines`; 0 before the first
    /// answer or for an unknown language.
    @_expose(wasm, "peach_feedback") @_cdecl("peach_feedback")
    public func peachFeedback(_ language: UnsafeRawPointer, _ languageCount: Int32) -> Int32 {
        guard let language = Language(named: text(language, languageCount)),
            let feedback = session.feedback(language: language)
        else { return 0 }
        return publish(feedback.lines)
    }

    /// The language pages are shown in: the language setting if set, else the first of the
    /// browser's languages (given as an Accept-Language value) that Peach speaks — the server's rule.
    @_expose(wasm, "peach_page_language") @_cdecl("peach_page_language")
    public func peachPageLanguage(_ header: UnsafeRawPointer, _ headerCount: Int32) -> Int32 {
        publish((session.settings.language ?? Language(acceptLanguage: text(header, headerCount))).rawValue)
    }

    /// The sync status line (`SyncStatus`) in the language: `state` is its raw value, `reason`
    /// the first refused answer's reason, `message` what the server said when it refused a whole
    /// request, `kept` 1 if the browser keeps this device's data, `discarded` the answers a
    /// reset removed, `sinceSync` the milliseconds since this device last synced (NaN if it never
    /// has; below 0, a clock set back, counts as none), `quiet` 1 for Start's rule
    /// (`SyncStatus.needsAttention`: nothing unless something needs the user, a line of length
    /// 0); −1 for an unknown state or language.
    @_expose(wasm, "peach_sync_status") @_cdecl("peach_sync_status")
    public func peachSyncStatus(
        _ state: UnsafeRawPointer, _ stateCount: Int32, _ waiting: Int32, _ refused: Int32,
        _ reason: UnsafeRawPointer, _ reasonCount: Int32, _ message: UnsafeRawPointer, _ messageCount: Int32,
        _ kept: Int32, _ discarded: Int32, _ sinceSync: Double, _ quiet: Int32, _ language: UnsafeRawPointer,
        _ languageCount: Int32
    ) -> Int32 {
        guard let state = SyncStatus.State(named: text(state, stateCount)),
            let language = Language(named: text(language, languageCount))
        else { return -1 }
        let status = SyncStatus(
            state: state, waiting: Int(waiting), refused: Int(refused), reason: text(reason, reasonCount),
            message: text(message, messageCount), kept: kept != 0, discarded: Int(max(discarded, 0)),
            // At most a thousand years: any larger count of milliseconds would not fit an Int.
            daysSinceSync: sinceSync.isNaN ? nil : Int(min(max(sinceSync, 0), 3.2e13) / 86_400_000))
        return publish(status.text(Texts.of(language), quiet: quiet != 0))
    }

    /// Every setting as `key=value` lines (`CoreSession.settingsText`).
    @_expose(wasm, "peach_settings") @_cdecl("peach_settings")
    public func peachSettings() -> Int32 {
        publish(session.settingsText)
    }

    /// The frequency in hertz of the current pitch-matching exercise's tunable note with the
    /// slider at `value` (`CoreSession.tunableFrequency`); NaN without one. A number in and out,
    /// no output buffer: it is called at every move of the slider.
    @_expose(wasm, "peach_tunable_frequency") @_cdecl("peach_tunable_frequency")
    public func peachTunableFrequency(_ value: Double) -> Double {
        session.tunableFrequency(sliderValue: value)?.hertz ?? .nan
    }

    /// The Settings page's sound preview (`CoreSession.soundPreview`): its MIDI note and its
    /// frequency in hertz, as `CoreSession.soundPreviewNumbers`.
    @_expose(wasm, "peach_sound_preview") @_cdecl("peach_sound_preview")
    public func peachSoundPreview() -> Int32 {
        publish(session.soundPreviewNumbers)
    }

    /// The body of a sync upload (`UploadJSON`) for `count` records: their ids as lines of UTF-8
    /// text, their numbers as `RecordNumbers`; 0 if there are not `count` ids.
    @_expose(wasm, "peach_upload_json") @_cdecl("peach_upload_json")
    public func peachUploadJSON(
        _ ids: UnsafeRawPointer, _ idsCount: Int32, _ numbers: UnsafePointer<Double>, _ count: Int32
    ) -> Int32 {
        guard count > 0,
            let body = UploadJSON.body(
                ids: UnsafeRawBufferPointer(start: ids, count: Int(max(idsCount, 0))),
                numbers: UnsafeBufferPointer(start: numbers, count: Int(count) * RecordNumbers.stride))
        else { return 0 }
        return publish(body)
    }

    /// When the record of the `count` numbers at `numbers` was made, in milliseconds since 1970;
    /// NaN if they are not one record's numbers. The device forgets the records made before a
    /// reset by it, without knowing where the time is among the numbers.
    @_expose(wasm, "peach_record_time") @_cdecl("peach_record_time")
    public func peachRecordTime(_ numbers: UnsafePointer<Double>, _ count: Int32) -> Double {
        guard count >= 0 else { return .nan }
        return RecordNumbers.millisecondsSince1970(of: UnsafeBufferPointer(start: numbers, count: Int(count))) ?? .nan
    }

    /// How many numbers a record takes in `peach_replace_profile` and the answers' output.
    @_expose(wasm, "peach_record_stride") @_cdecl("peach_record_stride")
    public func peachRecordStride() -> Int32 {
        Int32(RecordNumbers.stride)
    }
#endif
