// BiasAdd with the default data_format (NHWC): the bias runs along the last dim.
func.func @test(%V__0: tensor<?x?x?x?xf32> {python_test_attrs.static_type = tensor<2x3x5x7xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<7xf32>}, %V__2: tensor<?x?xf32> {python_test_attrs.static_type = tensor<4x7xf32>}) -> (tensor<?x?x?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.BiasAdd"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?x?xf32>, tensor<?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.BiasAdd"(%V__2, %V__1) {data_format = "NHWC", device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?x?x?xf32>, tensor<?x?xf32>
}
