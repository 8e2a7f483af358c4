// Maximum and Minimum propagate NaN from either side.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<6x7xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<7xf32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "tf.Maximum"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %1 = "tf.Minimum"(%V__1, %V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  func.return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}
