// IEEE comparisons: NaN is unequal to everything (NotEqual is true), -0 == +0.
func.func @test(%V__0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<8x9xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<9xf32>}) -> (tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>) {
  %0 = "tf.Equal"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0", incompatible_shape_error = true} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %1 = "tf.NotEqual"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0", incompatible_shape_error = true} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %2 = "tf.Less"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %3 = "tf.LessEqual"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %4 = "tf.Greater"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  %5 = "tf.GreaterEqual"(%V__0, %V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xi1>
  func.return %0, %1, %2, %3, %4, %5 : tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>, tensor<?x?xi1>
}
