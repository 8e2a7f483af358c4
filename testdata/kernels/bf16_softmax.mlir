// bf16 Softmax and LogSoftmax over the last axis: computed in f32 and rounded once per result element (as
// refeval, within the default bf16 tolerance); -Inf entries, one row of 200.
func.func @test(%x: tensor<?x?xbf16>) -> (tensor<?x?xbf16>, tensor<?x?xbf16>) {
  %0 = "tf.Softmax"(%x) {device = ""} : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  %1 = "tf.LogSoftmax"(%x) {device = ""} : (tensor<?x?xbf16>) -> tensor<?x?xbf16>
  func.return %0, %1 : tensor<?x?xbf16>, tensor<?x?xbf16>
}
