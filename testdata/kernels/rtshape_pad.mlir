// sandjit-test: rtol=0 atol=0
// Pad and PadV2 with paddings an argument read at run time.
func.func @test(%arg0: tensor<?x?xf32>, %arg1: tensor<2x2xi32>, %arg2: tensor<f32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Pad"(%arg0, %arg1) {device = ""} : (tensor<?x?xf32>, tensor<2x2xi32>) -> tensor<?x?xf32>
  %1 = "tf.PadV2"(%arg0, %arg1, %arg2) {device = ""} : (tensor<?x?xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
