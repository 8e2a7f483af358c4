// f16 as a storage type: widen to f32, compute, narrow back to f16 (default f16 tolerance).
func.func @test(%V__0: tensor<?x?xf16> {python_test_attrs.static_type = tensor<4x8xf16>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<8xf32>}) -> tensor<?x?xf16> {
  %0 = "tf.Cast"(%V__0) {Truncate = false, device = ""} : (tensor<?x?xf16>) -> tensor<?x?xf32>
  %1 = "tf.Mul"(%0, %0) {device = ""} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.AddV2"(%1, %V__1) {device = ""} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %3 = "tf.Sqrt"(%2) {device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "tf.Cast"(%3) {Truncate = false, device = ""} : (tensor<?x?xf32>) -> tensor<?x?xf16>
  func.return %4 : tensor<?x?xf16>
}
