// A rank-0 operand broadcast against a rank-3 one (including a zero-size dim and NaN/Inf scalars).
func.func @test(%V__0: tensor<f32> {python_test_attrs.static_type = tensor<f32>}, %V__1: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<2x3x4xf32>}) -> tensor<?x?x?xf32> {
  %0 = "tf.AddV2"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<f32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0 : tensor<?x?x?xf32>
}
