// Functions at top level, no module; func.return with several values.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<4x9xf32>}) -> (tensor<?x?xi1>, tensor<?x?xi1>) {
  %0 = "tf.IsFinite"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xi1>
  %1 = "tf.LogicalNot"(%0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xi1>) -> tensor<?x?xi1>
  func.return %0, %1 : tensor<?x?xi1>, tensor<?x?xi1>
}
func.func @second(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
